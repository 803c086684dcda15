/**
 * HLS support for the player, loaded only when an HLS stream plays: browsers that play HLS themselves (Safari, iOS,
 * recent Chromium) get the stream directly; others with Media Source Extensions get hls.js, imported on demand so
 * MP4 pages never download it.
 */
export function isHlsSource(src: string): boolean {
  return /\.m3u8($|[?#])/i.test(src);
}

interface HlsInstance {
  loadSource(src: string): void;
  attachMedia(media: HTMLMediaElement): void;
  on(event: string, listener: (event: string, data: { fatal?: boolean }) => void): void;
  destroy(): void;
}
interface HlsConstructor {
  new (): HlsInstance;
  isSupported(): boolean;
  Events: { ERROR: string };
}

/**
 * hls.js is not a dependency yet: the specifier is kept out of the bundler's sight so the build does not need the
 * package, and the import fails (and HLS reports unsupported) until it is installed. Once it is, this becomes a plain
 * `import("hls.js")`, which Vite splits into its own chunk.
 */
const HLS_MODULE = "hls.js";

async function loadHlsLibrary(): Promise<HlsConstructor | null> {
  try {
    const module = (await import(/* @vite-ignore */ HLS_MODULE)) as { default?: HlsConstructor };
    return module.default?.isSupported() ? module.default : null;
  } catch {
    return null;
  }
}

export type HlsAttachment = { detach(): void } | "unsupported";

export async function attachHls(video: HTMLVideoElement, src: string, onFatal: () => void): Promise<HlsAttachment> {
  if (video.canPlayType("application/vnd.apple.mpegurl")) {
    video.src = src;
    return { detach: () => video.removeAttribute("src") };
  }
  if (typeof MediaSource === "undefined") return "unsupported";
  const Hls = await loadHlsLibrary();
  if (!Hls) return "unsupported";
  const hls = new Hls();
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) onFatal();
  });
  hls.loadSource(src);
  hls.attachMedia(video);
  return { detach: () => hls.destroy() };
}
