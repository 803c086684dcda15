/**
 * What the circle's composer needs besides the kit's browser helpers: the same schemas the platform checks a post and
 * each image with (so the browser refuses first, with the same messages), and the browser storage the draft is kept in.
 */
import type { ErrorObject } from "ajv";
import { circlePostValidators, imageUploadValidators } from "@schemas/generated/form-kits";
import { fieldErrors } from "@contracts/form-errors";

export { readStorage, writeStorage } from "~/browser/storage";

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

const validatorOf = (validators: unknown, id: string) => (validators as Record<string, Validate>)[id];

/** The i18n key refusing a chosen image for a circle post (JPG, PNG or GIF, at most 5 MB), or null. */
export function circleImageProblem(file: { type: string; size: number }): string | null {
  const validate = validatorOf(imageUploadValidators, "image-upload");
  if (validate({ purpose: "circle", contentType: file.type, size: file.size })) return null;
  return Object.values(fieldErrors(validate.errors))[0] ?? "circle:upload.imageType";
}

/** The i18n key of each field the platform would refuse in a post (content, images), empty when it would take it. */
export function circlePostProblems(post: { content: string; images: string[] }): Record<string, string> {
  const validate = validatorOf(circlePostValidators, "circle-post");
  const content = post.content.trim();
  return validate({ ...(content ? { content } : {}), images: post.images }) ? {} : fieldErrors(validate.errors);
}
