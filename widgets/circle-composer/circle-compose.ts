/**
 * What the circle's composer needs besides the kit's browser helpers: the same schemas the platform checks a post and
 * each image with (so the browser refuses first, with the same messages).
 */
import { checkForm, preloadValidators } from "../kit/form-check";

const imageCheck = { id: "image-upload", loadValidators: () => import("@schemas/generated/forms/image-upload.validators.js") };
const postCheck = { id: "circle-post", loadValidators: () => import("@schemas/generated/forms/circle-post.validators.js") };

/** Fetches both checks' validators ahead of need: the composer calls it on the writer's first focus. */
export function preloadCircleChecks(): void {
  preloadValidators(imageCheck);
  preloadValidators(postCheck);
}

/** The i18n key refusing a chosen image for a circle post (JPG, PNG or GIF, at most 5 MB), or null. */
export async function circleImageProblem(file: { type: string; size: number }): Promise<string | null> {
  const problems = await checkForm(imageCheck, { purpose: "circle", contentType: file.type, size: file.size });
  if (Object.keys(problems).length === 0) return null;
  return Object.values(problems)[0] ?? "circle:upload.imageType";
}

/** The i18n key of each field the platform would refuse in a post (content, images), empty when it would take it. */
export function circlePostProblems(post: { content: string; images: string[] }): Promise<Record<string, string>> {
  const content = post.content.trim();
  return checkForm(postCheck, { ...(content ? { content } : {}), images: post.images });
}
