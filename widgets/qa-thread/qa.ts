import { escapeHtml } from "../parts/html-safety";

/**
 * A question and its answers as /qa/detail answers them: an anonymous post has no author, only `mine` for its writer.
 * Texts come in zh with an En sibling (titleEn…) where the platform has an English version.
 */
export interface QaAnswer {
  id: number;
  questionId: number;
  content: string;
  contentEn?: string;
  anonymous: boolean;
  author: { userId: number; userName: string; portraitUrl: string } | null;
  authorName: string;
  authorNameEn?: string;
  portraitUrl: string;
  mine: boolean;
  praiseCount: number;
  trampleCount: number;
  commentCount: number;
  myVote: -1 | 0 | 1;
  createTime: string;
}

export interface QaQuestion {
  id: number;
  title: string;
  titleEn?: string;
  body: string;
  bodyEn?: string;
  tags: { code: string; name: string; nameEn?: string }[];
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
  return text
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join("");
}
