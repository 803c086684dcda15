/** Cropping an article cover in the browser before upload (spec §5: 750×420, 16:9, compressed by the quality steps). */
import { compressionQuality } from "../kit/browser";

export const COVER_WIDTH = 750;
export const COVER_HEIGHT = 420;

/**
 * The file scaled to cover 750×420 and cropped where `position` says, read as CSS `object-position` reads percentages
 * (0 keeps the left or top edge, 1 the right or bottom, 0.5 the middle), so a preview with `object-fit: cover` shows
 * exactly what is kept; re-encoded as JPEG at the quality the original's size calls for.
 */
export async function cropCover(file: Blob, position: { x: number; y: number } = { x: 0.5, y: 0.5 }): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.max(COVER_WIDTH / bitmap.width, COVER_HEIGHT / bitmap.height);
  const sourceWidth = COVER_WIDTH / scale;
  const sourceHeight = COVER_HEIGHT / scale;
  const clamp = (value: number) => Math.min(1, Math.max(0, value));
  const left = clamp(position.x) * (bitmap.width - sourceWidth);
  const top = clamp(position.y) * (bitmap.height - sourceHeight);
  const canvas = document.createElement("canvas");
  canvas.width = COVER_WIDTH;
  canvas.height = COVER_HEIGHT;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("canvas unavailable");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, COVER_WIDTH, COVER_HEIGHT);
  context.drawImage(bitmap, left, top, sourceWidth, sourceHeight, 0, 0, COVER_WIDTH, COVER_HEIGHT);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("encoding failed"))), "image/jpeg", compressionQuality(file.size)),
  );
}
