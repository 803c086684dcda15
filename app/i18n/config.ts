export const LANGUAGES = ["zh", "en"] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = "zh";
export const LANG_COOKIE = "lang";

/** The text catalogues of spec §2, plus common (the shell) and pages (static pages). */
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
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export function toLang(value: string | null | undefined): Lang {
  return value === "en" ? "en" : DEFAULT_LANG;
}

export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) {
      try {
        return decodeURIComponent(rest.join("="));
      } catch {
        return null;
      }
    }
  }
  return null;
}
