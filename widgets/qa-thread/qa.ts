/** A question and its answers as /qa/detail answers them: an anonymous post has no author, only `mine` for its writer. */
export interface QaAnswer {
  id: number;
  questionId: number;
  content: string;
  anonymous: boolean;
  author: { userId: number; userName: string; portraitUrl: string } | null;
  authorName: string;
  portraitUrl: string;
  mine: boolean;
  praiseCount: number;
  trampleCount: number;
  myVote: -1 | 0 | 1;
  createTime: string;
}

export interface QaQuestion {
  id: number;
  title: string;
  body: string;
  tags: { code: string; name: string }[];
  anonymous: boolean;
  author: QaAnswer["author"];
  authorName: string;
  portraitUrl: string;
  mine: boolean;
  answerCount: number;
  concernCount: number;
  viewCount: number;
  concerned: boolean;
  createTime: string;
  answers: QaAnswer[];
}

/** Plain text typed in the short answer box as the HTML the platform takes: one paragraph per line, nothing interpreted. */
export function paragraphsOf(text: string): string {
  const escapeHtml = (line: string) => line.replace(/[&<>"]/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[char]!);
  return text
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join("");
}
