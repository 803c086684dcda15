/** The longest search phrase, in characters (code points). */
export const KEYWORD_MAX = 50;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
const NOT_TEXT = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|\p{Cs}/gu;

/**
 * A search phrase as every search takes it: control characters (NUL included: FTS5 reads its query as a C string and
 * fails on one), the line separators and unpaired surrogates become spaces, runs of spaces one, the ends trimmed, cut
 * to KEYWORD_MAX characters without splitting one. "" for anything that is not a string or holds nothing else. It
 * imports nothing, so the queries clean a phrase again where it reaches FTS.
 */
export function searchPhrase(value: unknown): string {
  if (typeof value !== "string") return "";
  const text = value.replace(NOT_TEXT, " ").replace(/\s+/g, " ").trim();
  return Array.from(text).slice(0, KEYWORD_MAX).join("").trim();
}
