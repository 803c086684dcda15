import type { NextFunction, Request, Response } from "express";

/**
 * The first segments the server itself answers (the API, the console, developer tools, media, sockets, build files,
 * calendar files and feeds, share posters);
 * every other path is a page. A gate on one of them must never be passed by spelling it in another case.
 */
export const RESERVED_PREFIXES = ["api", "ops", "dev", "media", "session", "assets", "ws", "healthz", "readyz", "cite", "calendar", "poster"] as const;

export type NormalisedPath =
  | { kind: "path"; path: string }
  /** Nothing in the site could answer it, or it would mean something else to a later parser (400). */
  | { kind: "malformed" }
  /** A reserved prefix in another case (/Ops, /API): not found, as for a path that does not exist. */
  | { kind: "wrongCase" };

/**
 * Characters a path segment may not carry once decoded, because a later parser would read them as structure: "/" and
 * "\" (which WHATWG URLs take as "/"), "?" and "#", control characters (URL parsers drop tabs and line breaks), and the
 * Unicode line and paragraph separators.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
const CHANGES_MEANING = /[/\\?#\u0000-\u001f\u007f\u2028\u2029]/;

/** A request target in absolute form (GET http://host/path): its scheme and authority, left for the path alone. */
const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/** What RFC 3986 lets a path segment hold unescaped beyond encodeURIComponent's set: sub-delims, ":" and "@". */
const KEPT_UNESCAPED = /%(?:24|26|2B|2C|3A|3B|3D|40)/g;

function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(KEPT_UNESCAPED, (kept) => decodeURIComponent(kept));
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The one form of a request's path every later layer sees: percent-escapes decoded once, "." and ".." segments
 * resolved, repeated slashes merged, then re-encoded canonically. It is a fixed point of WHATWG URL parsing (what
 * `new Request(url)` and React Router do), so a gate that tests this path tests the path that is served. Encoded
 * slashes, backslashes, "?" and "#" inside a segment, control characters, bad escapes and ".." above the root are
 * refused rather than guessed at.
 */
export function normalisePath(rawPath: string): NormalisedPath {
  if (!rawPath.startsWith("/") || rawPath.includes("\\")) return { kind: "malformed" };
  const resolved: string[] = [];
  const segments = rawPath.split("/").slice(1);
  for (const [index, raw] of segments.entries()) {
    const segment = decodeSegment(raw);
    if (segment === null || CHANGES_MEANING.test(segment)) return { kind: "malformed" };
    const isLast = index === segments.length - 1;
    if (segment === "" && !isLast) continue;
    if (segment === ".") {
      if (isLast) resolved.push("");
      continue;
    }
    if (segment === "..") {
      if (resolved.length === 0) return { kind: "malformed" };
      resolved.pop();
      if (isLast) resolved.push("");
      continue;
    }
    resolved.push(segment);
  }
  const first = (resolved[0] ?? "").replace(/\.data$/, "");
  const reserved = RESERVED_PREFIXES.find((prefix) => prefix === first.toLowerCase());
  if (reserved && reserved !== first) return { kind: "wrongCase" };
  return { kind: "path", path: `/${resolved.map(encodeSegment).join("/")}` };
}

/** Splits a request target into its path and what follows (the query, with its "?"), leaving absolute form's origin out. */
export function splitTarget(target: string): { path: string; rest: string } {
  const originForm = target.replace(ABSOLUTE_FORM, "") || "/";
  const queryAt = originForm.indexOf("?");
  return queryAt === -1 ? { path: originForm, rest: "" } : { path: originForm.slice(0, queryAt), rest: originForm.slice(queryAt) };
}

/**
 * The path normaliser in front of every gate (ADR 039): the request's URL is rewritten to its normal form before any
 * middleware, router or gate reads it, and originalUrl with it (React Router's adapter and the API's forwarding read
 * that one). What cannot be normalised is refused here: 400, or 404 for a reserved prefix in another case.
 */
export function normaliseRequestPaths() {
  return (request: Request, response: Response, next: NextFunction) => {
    const { path, rest } = splitTarget(request.url);
    const normal = normalisePath(path);
    if (normal.kind !== "path") {
      response.setHeader("Connection", "close");
      response.setHeader("Cache-Control", "no-store");
      const [status, text] = normal.kind === "malformed" ? [400, "Bad request"] : [404, "Not found"];
      if (path.startsWith("/api/")) response.status(status).json({ code: status, message: text.toLowerCase() });
      else response.status(status).type("text/plain").send(text);
      return;
    }
    if (rest.includes("#")) {
      response.setHeader("Connection", "close");
      response.status(400).type("text/plain").send("Bad request");
      return;
    }
    request.url = `${normal.path}${rest}`;
    request.originalUrl = request.url;
    next();
  };
}
