/** What the editor needs only once the author picks a picture: fetched then, not with the editor (ADR 037). */
export { cropCover } from "./image-crop";
export { compressImage, toBase64 } from "../kit/browser";
