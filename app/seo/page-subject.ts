import type { Lang } from "@contracts/language";
import { resolveBindings } from "~/pipeline/bindings";
import type { PageView } from "~/pipeline/page-view";

/** Longest description search results show whole (longer ones are cut at a word, with an ellipsis). */
export const DESCRIPTION_LENGTH = 160;

export function clip(text: string, length: number): string {
  const plain = text
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (plain.length <= length) return plain;
  const cut = plain.slice(0, length - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > length / 2 ? cut.slice(0, space) : cut}…`;
}

/** Longest page title kept whole: a title taken from a post's text is cut at a word, as a description is. */
const TITLE_LENGTH = 60;

export function dataOf(view: Pick<PageView, "data">): Record<string, unknown> {
  return Object.fromEntries(Object.entries(view.data).map(([name, state]) => [name, state.status === "ok" ? state.value : undefined]));
}

/**
 * A page that shows one item is about that item: its config's `subject` names which fields of its data are the item's
 * title and summary, read in the viewer's language. Nothing else is guessed (a widget's heading may be a tab's name),
 * so a page without a subject, or whose item did not load, is titled by its config.
 */
export function pageSubject(view: Pick<PageView, "config" | "data" | "query">, lang: Lang): { title?: string; summary?: string } {
  const subject = view.config.subject;
  if (!subject) return {};
  const resolved = resolveBindings(subject, { data: dataOf(view), query: view.query, lang }) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" && value.trim() ? value : undefined);
  const title = text(resolved.title);
  if (!title) return {};
  const summary = text(resolved.summary);
  return { title: clip(title, TITLE_LENGTH), summary: summary && clip(summary, DESCRIPTION_LENGTH) };
}
