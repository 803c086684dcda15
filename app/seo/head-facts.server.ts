import type { Lang } from "@contracts/language";
import { resolveBindings } from "~/pipeline/bindings";
import type { HeadFacts, PageView } from "~/pipeline/page-view";
import { dataOf, pageSubject } from "./page-subject";

function resolvedWidgets(view: PageView, lang: Lang): Record<string, unknown>[] {
  const data = dataOf(view);
  return view.config.widgets.map((widget) => resolveBindings(widget.props ?? {}, { data, query: view.query, lang }) as Record<string, unknown>);
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
