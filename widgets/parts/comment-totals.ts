import { useStore } from "@nanostores/react";
import { map } from "nanostores";

type CommentKind = "essay" | "circle" | "question" | "answer";

/**
 * The comment totals the comments widget last read from the server, by `kind:targetId`, for the session. A post's count
 * elsewhere (the post's own header, its card in a kept-alive feed, an answer's link) was rendered from the page's data
 * before the viewer commented: it shows the newer total from here instead of going stale.
 */
const $commentTotals = map<Record<string, number>>({});

const keyOf = (kind: CommentKind, targetId: number) => `${kind}:${targetId}`;

/** Called with every total the server answers for a thread, after reading, posting or deleting. */
export function noteCommentTotal(kind: CommentKind, targetId: number, total: number): void {
  if ($commentTotals.get()[keyOf(kind, targetId)] !== total) $commentTotals.setKey(keyOf(kind, targetId), total);
}

/** The newest known total of a post's comments: the thread's last answer, else what the page's data says. */
export function useCommentTotal(kind: CommentKind, targetId: number, rendered: number): number {
  return useStore($commentTotals)[keyOf(kind, targetId)] ?? rendered;
}
