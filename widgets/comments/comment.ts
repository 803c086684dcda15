import type { CommentListAnswer } from "../kit/contracts";

export type Comment = CommentListAnswer["list"][number];

export type CommentPage = CommentListAnswer;

/** The comments shown after a further page arrived: the new ones appended, any already shown (a comment added meanwhile shifts the pages) once. */
export function appendPage(shown: Comment[], next: Comment[]): Comment[] {
  const ids = new Set(shown.map((comment) => comment.id));
  return [...shown, ...next.filter((comment) => !ids.has(comment.id))];
}
