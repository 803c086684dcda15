import { preload } from "react-dom";

/** Intrinsic sizes of the art the platform serves, so the browser reserves each image's box before it arrives. */
export const ART_SIZES = {
  /** Item posters (videos, lives, papers…): 16:9. */
  poster: { width: 640, height: 360 },
  /** Home and channel banners: 2:1. */
  banner: { width: 720, height: 360 },
  /** Portraits and avatars: square. */
  portrait: { width: 96, height: 96 },
} as const;

export type ArtShape = keyof typeof ART_SIZES;

interface ArtProps {
  src: string;
  alt: string;
  shape: ArtShape;
  /** Where it sits on the page: the lead image (the likely LCP) is preloaded at high priority; below the fold waits. */
  placement: "lead" | "visible" | "below";
  className?: string;
}

/**
 * The one way widgets show art (ADR 031): explicit width/height (no layout shift), lazy below the fold, and the
 * lead image announced in the document head (`<link rel=preload as=image fetchpriority=high>`, React hoists it)
 * so the browser fetches it before any script runs.
 */
export function Art({ src, alt, shape, placement, className }: ArtProps) {
  const { width, height } = ART_SIZES[shape];
  if (placement === "lead") preloadLeadArt(src);
  return (
    <img
      className={className}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={placement === "below" ? "lazy" : undefined}
      fetchPriority={placement === "lead" ? "high" : undefined}
      decoding="async"
    />
  );
}

/** Images a top widget shows in the first screen: four rows of a two-column grid on a phone. */
const VISIBLE_AT_TOP = 8;

/**
 * Where a widget's images sit: the first two top-level widgets are above the fold on a phone and the first image
 * of each leads; widgets nested in others ("0.1") or further down wait until scrolled near.
 */
export function artPlacement(nodeId: string, index = 0): ArtProps["placement"] {
  if (nodeId !== "0" && nodeId !== "1") return "below";
  if (index === 0) return "lead";
  return index < VISIBLE_AT_TOP ? "visible" : "below";
}

/** Announces the page's lead image in the document head at high priority: also a video's poster, which no <img> shows. */
export function preloadLeadArt(src: string): void {
  if (src) preload(src, { as: "image", fetchPriority: "high" });
}
