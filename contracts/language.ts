import { WIDGET_NAMESPACES } from "./generated/widget-namespaces";

export const LANGUAGES = ["zh", "en"] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = "zh";

/** The text catalogues (contracts/locales/{zh,en}/NAME.json) of spec §2, plus common (the shell), pages (static pages), order (buying: ADR 018), draw and points (ADR 020), vote (ADR 021), audio (ADR 022), editor (the rich editor's, apart from common, ADR 037), cite (citations, ADR 044), offline (the offline mark, ADR 046), library (the reading list, ADR 047), share (calendar and posters, ADR 045), faults (the platform failing: retry, not sent, ADR 043), screen (the live room's host pushes, questionnaires and venue screen, ADR 062), messages (the message centre and reminders, ADR 063). */
export const SHARED_NAMESPACES = [
  "common",
  "pages",
  "home",
  "circle",
  "meeting",
  "live",
  "video",
  "job",
  "qa",
  "spec",
  "doc",
  "person",
  "verify",
  "personCenter",
  "essay",
  "password",
  "order",
  "draw",
  "points",
  "vote",
  "audio",
  "editor",
  "cite",
  "offline",
  "library",
  "share",
  "faults",
  "screen",
  "messages",
  "scholarWorkspace",
] as const;

/**
 * Every namespace a page may load: the shared ones, then each widget's own texts (widgets/<folder>/texts.{zh,en}.json,
 * the namespace named as the widget's type), which npm run gen:types copies into contracts/generated/locales (ADR 068).
 */
export const NAMESPACES = [...SHARED_NAMESPACES, ...WIDGET_NAMESPACES] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Where a namespace's catalogue lives, from the project root: a shared one in contracts/locales, a widget's own generated. */
export function catalogueFile(lang: string, namespace: string): string {
  const widgetOwn = (WIDGET_NAMESPACES as readonly string[]).includes(namespace);
  return `contracts/${widgetOwn ? "generated/locales" : "locales"}/${lang}/${namespace}.json`;
}

/** The one reading of a language value (cookie, header, i18next's language): "en" is English, anything else zh. */
export function toLang(value: string | null | undefined): Lang {
  return value === "en" ? "en" : DEFAULT_LANG;
}

/** The query parameter that names a page's language in its URL (`?lang=en`), for hreflang and shared links (ADR 031). */
export const LANGUAGE_QUERY = "lang";

export function isLang(value: string | null | undefined): value is Lang {
  return (LANGUAGES as readonly string[]).includes(value ?? "");
}

/** The site's name as each language writes it: in every title, the header and share cards. */
export const SITE_NAME: Record<Lang, string> = { zh: "经管学术圈", en: "EconScholar" };
