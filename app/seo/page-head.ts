import type { MetaDescriptor } from "react-router";
import { DEFAULT_LANG, LANGUAGE_QUERY, LANGUAGES, type Lang } from "@contracts/language";
import { resolveBindings } from "~/pipeline/bindings";
import type { PageView } from "~/pipeline/page-view";

/** What the head of a page says to search engines and to apps that preview shared links (ADR 031). */
export interface PageHeadInput {
  view: PageView;
  lang: Lang;
  siteName: string;
  /** The catalogue's description of the site: the description of pages whose config has none. */
  siteDescription: string;
  /** PUBLIC_ORIGIN: links in the head are absolute, whatever Host the request came with. */
  publicOrigin: string;
  /** The requested URL's query string. */
  search: string;
}

const OG_LOCALE: Record<Lang, string> = { zh: "zh_CN", en: "en_US" };
/** The picture shared links show when the page has no art of its own. */
export const SITE_SHARE_IMAGE = "/share.png";

/**
 * The page's own address in one language: its primary path (not an alias), the query values it declares (the item
 * a detail page shows; tracking and other parameters are left out) and `lang` for a language other than the default.
 */
export function pageUrl(view: PageView, lang: Lang, publicOrigin: string, search: string): string {
  const asked = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of Object.keys(view.config.query ?? {})) {
    const value = asked.get(name);
    if (value && name !== LANGUAGE_QUERY) kept.set(name, value);
  }
  if (lang !== DEFAULT_LANG) kept.set(LANGUAGE_QUERY, lang);
  const query = kept.toString();
  return `${publicOrigin}${view.config.path}${query ? `?${query}` : ""}`;
}

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
export function pageSubject(view: PageView, lang: Lang): { title?: string; summary?: string } {
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
export function leadImage(view: PageView, lang: Lang): string | null {
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

export function pageHead({ view, lang, siteName, siteDescription, publicOrigin, search }: PageHeadInput): MetaDescriptor[] {
  const subject = view.kind === "page" ? pageSubject(view, lang) : {};
  const pageTitle = subject.title ?? view.config.title[lang];
  const description = subject.summary ?? view.config.description?.[lang] ?? siteDescription;
  const head: MetaDescriptor[] = [{ title: `${pageTitle} · ${siteName}` }, { name: "description", content: description }];
  // Error, not-found and not-yet-open answers are not pages to index or to name as anyone's canonical address.
  if (view.kind !== "page" || view.status !== 200) return [...head, { name: "robots", content: "noindex" }];

  const canonical = pageUrl(view, lang, publicOrigin, search);
  const image = leadImage(view, lang) ?? SITE_SHARE_IMAGE;
  return [
    ...head,
    { tagName: "link", rel: "canonical", href: canonical },
    ...LANGUAGES.map((other) => ({ tagName: "link", rel: "alternate", hrefLang: other, href: pageUrl(view, other, publicOrigin, search) })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: pageUrl(view, DEFAULT_LANG, publicOrigin, search) },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: pageTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:image", content: new URL(image, publicOrigin).href },
    { property: "og:locale", content: OG_LOCALE[lang] },
  ];
}
