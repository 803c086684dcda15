/**
 * Free text (a search keyword) in a link: spec §2 reads a query value only when it is letters, digits, hyphen or
 * underscore, which is exactly base64url's alphabet. So free text travels as base64url of its UTF-8 bytes, and a
 * page that declares the query value with `"encoding": "base64url"` sees the text again.
 */
export const QUERY_TEXT_MAX = 50;

export function encodeQueryText(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text.trim().slice(0, QUERY_TEXT_MAX))) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The text a safe query value encodes; null when it is not base64url of valid UTF-8. */
export function decodeQueryText(value: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(value) || value.length % 4 === 1) return null;
  try {
    const binary = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes).trim();
    return text ? text.slice(0, QUERY_TEXT_MAX) : null;
  } catch {
    return null;
  }
}
