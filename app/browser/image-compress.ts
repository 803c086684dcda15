/** Spec §5 image compression: under 1 MB quality 1, 1 to 2 MB quality 0.5, otherwise 0.2. */
export function compressionQuality(bytes: number): number {
  const megabyte = 1024 * 1024;
  if (bytes < megabyte) return 1;
  if (bytes <= 2 * megabyte) return 0.5;
  return 0.2;
}

/** Avatars are shown at most a few hundred pixels wide; larger sides are scaled down to keep uploads small. */
export const AVATAR_MAX_SIDE = 640;

/** Re-encodes an image as JPEG at the quality its size calls for, on a white background (PNG transparency). */
export async function compressImage(file: Blob, maxSide = AVATAR_MAX_SIDE): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext("2d");
  if (!context) throw new Error("canvas unavailable");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("encoding failed"))), "image/jpeg", compressionQuality(file.size)),
  );
}

export function toBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}
