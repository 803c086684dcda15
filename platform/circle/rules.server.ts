import type { Db } from "../kernel/db.server.ts";
import type { UserRow } from "../accounts/index.server.ts";
import type { CommentTarget } from "../community/rules.server.ts";
import * as queries from "./queries.server.ts";

/** Who may post to the circle (/circle/verify): people signed in whose account has a bound phone (spec §6, real-name rule). */
export function mayPost(user: Pick<UserRow, "is_bind_phone">): boolean {
  return user.is_bind_phone === 1;
}

/** Circle posts as a kind of post the community core's comments attach to: a removed post or a blocked author's takes none. */
export function circleCommentTarget(db: Db): CommentTarget {
  return {
    kind: "circle",
    ownerIfVisible: (targetId, viewerId) => queries.shownPostAuthor(db, targetId, viewerId) ?? null,
  };
}

/** A post with its images in order, in one transaction; answers its id. */
export function publishPost(db: Db, userId: number, content: string, images: readonly string[], at: string): number {
  return db.transaction(() => {
    const postId = queries.insertPost(db, userId, content, at);
    images.forEach((url, position) => queries.insertImage(db, postId, position, url));
    return postId;
  })();
}

/** Praises a post or takes the praise back. One immediate transaction: two taps at once still leave at most one praise. */
export function togglePraise(db: Db, postId: number, userId: number, at: string): boolean {
  return db.transaction(() => {
    if (queries.deletePraise(db, postId, userId)) return false;
    queries.insertPraise(db, postId, userId, at);
    return true;
  })();
}
