import type { Lang } from "@contracts/language";
import { resolveBindings } from "~/pipeline/bindings";
import type { HeadFacts, PageView } from "~/pipeline/page-view";

/** Longest description search results show whole (longer ones are cut at a word, with an ellipsis). */
const DESCRIPTION_LENGTH = 160;

function clip(text: string): string {
  const plain = text
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (plain.length <= DESCRIPTION_LENGTH) return plain;
  const cut = plain.slice(0, DESCRIPTION_LENGTH - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > DESCRIPTION_LENGTH / 2 ? cut.slice(0, space) : cut}…`;
}

function resolvedWidgets(view: PageView, lang: Lang): Record<string, unknown>[] {
  const data = Object.fromEntries(Object.entries(view.data).map(([name, state]) => [name, state.status === "ok" ? state.value : undefined]));
  return view.config.widgets.map((widget) => resolveBindings(widget.props ?? {}, { data, query: view.query, lang }) as Record<string, unknown>);
}

/**
 * A page that shows one item (its config requires a query value, as a detail page its id) is about that item: its
 * title and summary are those of the first widget that names a title (the detail header, the player).
 */
function pageSubject(view: PageView, lang: Lang): { title?: string; summary?: string } {
  const showsOneItem = Object.values(view.config.query ?? {}).some((declared) => declared.required);
  if (!showsOneItem) return {};
  for (const props of resolvedWidgets(view, lang)) {
    if (typeof props.title !== "string" || !props.title.trim()) continue;
    const summary = [props.body, props.summary].find((text): text is string => typeof text === "string" && text.trim() !== "");
    return { title: props.title.trim(), summary: summary && clip(summary) };
  }
  return {};
}

const IMAGE_PATH = /^(\/(?!\/)|https:\/\/)[^\s"'<>]+$/;

/** The page's main picture: the first image a top-level widget shows (a banner, a poster, a hero image). */
function leadImage(view: PageView, lang: Lang): string | null {
  for (const props of resolvedWidgets(view, lang)) {
    const items = Array.isArray(props.items) ? (props.items as Record<string, unknown>[]) : [];
    const plan = props.plan && typeof props.plan === "object" ? (props.plan as Record<string, unknown>) : {};
    const imageField = typeof props.imageField === "string" ? props.imageField : "cover";
    const candidates = [props.poster, props.image, plan.cover, items[0]?.[imageField], items[0]?.cover];
    const found = candidates.find((candidate): candidate is string => typeof candidate === "string" && IMAGE_PATH.test(candidate));
    if (found) return found;
  }
  return null;
}

/** The facts of the page's head its data decides (ADR 031), worked out once on the server and sent with the view. */
export function headFacts(view: PageView, lang: Lang): HeadFacts {
  if (view.kind !== "page") return { image: null };
  return { ...pageSubject(view, lang), image: leadImage(view, lang) };
}
