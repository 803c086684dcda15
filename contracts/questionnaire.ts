/** The live room's questionnaires (spec §7 /planQuestion/*, ADR 062): what the platform answers and takes. */
import type { QuestionResults } from "./screen";

export const QUESTIONNAIRE_API = {
  getQuestion: "/planQuestion/getQuestion",
  createUserAnswer: "/planQuestion/createUserAnswer",
} as const;

export type QuestionKind = "single" | "multiple" | "text";

export const ANSWER_TEXT_LIMIT = 500;

export interface QuestionOption {
  id: number;
  text: string;
  textEn: string;
}

export interface PlanQuestion {
  id: number;
  planId: number;
  kind: QuestionKind;
  title: string;
  titleEn: string;
  options: QuestionOption[];
  /** Whether the viewer has answered (false for visitors). */
  answered: boolean;
  /** Present when the host has shared the results with everyone. */
  results?: QuestionResults;
}

/** createUserAnswer's params: option ids (comma-separated in the query, as the live-room client sends) or a text. */
export interface AnswerParams {
  questionId: number;
  optionIds?: string;
  text?: string;
}

/** The platform's code for a second answer by the same person. */
export const ALREADY_ANSWERED_CODE = 409;

export type AnswerProblem = "noChoice" | "badChoice" | "oneChoiceOnly" | "emptyText" | "textTooLong";

/**
 * Reads an answer against its question; the browser checks with it before sending and the platform again on receipt.
 * Answers the chosen option ids (sorted, distinct) and the text, or what is wrong with them.
 */
export function checkAnswer(
  question: Pick<PlanQuestion, "kind" | "options">,
  input: { optionIds?: unknown; text?: unknown },
): { ok: true; optionIds: number[]; text: string } | { ok: false; problem: AnswerProblem } {
  if (question.kind === "text") {
    const text = typeof input.text === "string" ? input.text.trim() : "";
    if (!text) return { ok: false, problem: "emptyText" };
    if ([...text].length > ANSWER_TEXT_LIMIT) return { ok: false, problem: "textTooLong" };
    return { ok: true, optionIds: [], text };
  }
  const raw = Array.isArray(input.optionIds) ? input.optionIds : typeof input.optionIds === "string" ? input.optionIds.split(",") : [];
  const ids = [...new Set(raw.map((value) => Number(value)).filter((value) => Number.isSafeInteger(value)))].sort((a, b) => a - b);
  if (ids.length === 0) return { ok: false, problem: "noChoice" };
  const known = new Set(question.options.map((option) => option.id));
  if (ids.some((id) => !known.has(id))) return { ok: false, problem: "badChoice" };
  if (question.kind === "single" && ids.length > 1) return { ok: false, problem: "oneChoiceOnly" };
  return { ok: true, optionIds: ids, text: "" };
}
