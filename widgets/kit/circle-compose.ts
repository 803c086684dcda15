/**
 * What the circle's composer needs besides the kit's browser helpers: the same schemas the platform checks a post and
 * each image with (so the browser refuses first, with the same messages), and the browser storage the draft is kept in.
 */
import circlePostSchema from "@schemas/generated/forms/circle-post.schema.json";
import circlePostValidators from "@schemas/generated/forms/circle-post.validators.js";
import imageUploadSchema from "@schemas/generated/forms/image-upload.schema.json";
import imageUploadValidators from "@schemas/generated/forms/image-upload.validators.js";
import { checkForm } from "./form-check";

export { readStorage, writeStorage } from "~/browser/storage";

/** The i18n key refusing a chosen image for a circle post (JPG, PNG or GIF, at most 5 MB), or null. */
export function circleImageProblem(file: { type: string; size: number }): string | null {
  const problems = checkForm({ schema: imageUploadSchema, validators: imageUploadValidators }, { purpose: "circle", contentType: file.type, size: file.size });
  if (Object.keys(problems).length === 0) return null;
  return Object.values(problems)[0] ?? "circle:upload.imageType";
}

/** The i18n key of each field the platform would refuse in a post (content, images), empty when it would take it. */
export function circlePostProblems(post: { content: string; images: string[] }): Record<string, string> {
  const content = post.content.trim();
  return checkForm({ schema: circlePostSchema, validators: circlePostValidators }, { ...(content ? { content } : {}), images: post.images });
}
