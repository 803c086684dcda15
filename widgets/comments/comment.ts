/** One comment as /comment/list and /comment/add answer it (the community core's shape). */
export interface Comment {
  id: number;
  kind: string;
  targetId: number;
  userId: number;
  userName: string;
  portraitUrl: string;
  content: string;
  replyTo: { id: number; userId: number; userName: string } | null;
  createTime: string;
  mine: boolean;
  canDelete: boolean;
}

export interface CommentPage {
  list: Comment[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** The comments shown after a further page arrived: the new ones appended, any already shown (a comment added meanwhile shifts the pages) once. */
export function appendPage(shown: Comment[], next: Comment[]): Comment[] {
  const ids = new Set(shown.map((comment) => comment.id));
  return [...shown, ...next.filter((comment) => !ids.has(comment.id))];
}
