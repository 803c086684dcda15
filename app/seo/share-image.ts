import type { Lang } from "@contracts/language";

/** What messaging apps and link-preview crawlers draw best: 1.91:1 at 1200×630. */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

const POSTER = /^\/media\/poster\/(\d{1,12})\.svg$/;
const UPLOAD = /^\/api(\/file\/download\?name=[0-9a-f]{32}\.(?:png|jpg|gif))$/;

export type ShareableArt = { kind: "poster"; id: number } | { kind: "upload"; platformPath: string };

/** Art of this site a share image can be made from (a seeded SVG poster, a stored upload); anything else is not. */
export function shareableArt(src: string): ShareableArt | null {
  const poster = POSTER.exec(src);
  if (poster) return { kind: "poster", id: Number(poster[1]) };
  const upload = UPLOAD.exec(src);
  return upload ? { kind: "upload", platformPath: upload[1] } : null;
}

/**
 * The image a shared link shows: the site's own art as the share JPEG made from it (server/share-image.server.ts),
 * since crawlers draw no SVG and want 1200×630; other images (the platform's CDN, the site's PNG) as they are.
 */
export function shareImagePath(image: string, lang: Lang): string {
  if (!shareableArt(image)) return image;
  return `/media/share.jpg?${new URLSearchParams({ src: image, lang }).toString()}`;
}
