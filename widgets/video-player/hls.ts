/**
 * HLS support for the player, loaded only when an HLS stream plays: browsers that play HLS themselves (Safari, iOS,
 * recent Chromium) get the stream directly; others with Media Source Extensions get hls.js, imported on demand so
 * MP4 pages never download it.
 */
export function isHlsSource(src: string): boolean {
  return /\.m3u8($|[?#])/i.test(src);
}

async function loadHlsLibrary() {
  try {
    const { default: Hls } = await import("hls.js");
    return Hls.isSupported() ? Hls : null;
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
