import type { MetaDescriptor } from "react-router";
import { DEFAULT_LANG, LANGUAGE_QUERY, LANGUAGES, type Lang } from "@contracts/language";
import type { PageView } from "~/pipeline/page-view";
import { SHARE_IMAGE_SIZE, shareImagePath } from "./share-image";

/**
 * What the head of a page says to search engines and to apps that preview shared links (ADR 031). The facts drawn
 * from the page's data (a detail page's subject, its lead image) are worked out by the server's loader
 * (head-facts.server.ts) and sent with the view, so this file, run again in the browser for React Router's <Meta>,
 * only puts them in tags.
 */
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

export function pageHead({ view, lang, siteName, siteDescription, publicOrigin, search }: PageHeadInput): MetaDescriptor[] {
  const facts = view.head ?? { image: null };
  const pageTitle = facts.title ?? view.config.title[lang];
  const description = facts.summary ?? view.config.description?.[lang] ?? siteDescription;
  const head: MetaDescriptor[] = [{ title: `${pageTitle} · ${siteName}` }, { name: "description", content: description }];
  // Error, not-found and not-yet-open answers are not pages to index or to name as anyone's canonical address.
  if (view.kind !== "page" || view.status !== 200) return [...head, { name: "robots", content: "noindex" }];

  const canonical = pageUrl(view, lang, publicOrigin, search);
  const image = shareImagePath(facts.image ?? SITE_SHARE_IMAGE, lang);
  const madeForSharing = image !== (facts.image ?? SITE_SHARE_IMAGE);
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
    ...(madeForSharing
      ? [
          { property: "og:image:width", content: String(SHARE_IMAGE_SIZE.width) },
          { property: "og:image:height", content: String(SHARE_IMAGE_SIZE.height) },
        ]
      : []),
    { property: "og:locale", content: OG_LOCALE[lang] },
  ];
}
