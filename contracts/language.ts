export const LANGUAGES = ["zh", "en"] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = "zh";

/** The text catalogues of spec §2, plus common (the shell), pages (static pages), order (buying: ADR 018), draw and points (ADR 020), vote (ADR 021), audio (ADR 022), editor (the rich editor's, apart from common, ADR 037), cite (citations, ADR 044), offline (the offline mark, ADR 046), library (the reading list, ADR 047), share (calendar and posters, ADR 045), faults (the platform failing: retry, not sent, ADR 043), screen (the live room's host pushes, questionnaires and venue screen, ADR 062), messages (the message centre and reminders, ADR 063). */
export const NAMESPACES = [
  "common",
  "pages",
  "home",
  "circle",
  "meeting",
  "live",
  "video",
  "job",
  "liveRoom",
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
export type Namespace = (typeof NAMESPACES)[number];

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
