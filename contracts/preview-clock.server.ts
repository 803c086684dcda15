import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The console's preview clock (issue 28, ADR 089): a preview at a chosen moment asks the platform to answer as it would
 * at that moment (a sign-up window not yet open, open, closed). The site's server signs the moment for one API path
 * with a secret it shares with the platform; the platform honours only a signature it can check, for that path, made
 * within the last minute. Browsers never see the header: only the server's own calls for a staff preview carry it.
 */
export const PREVIEW_CLOCK_HEADER = "X-Preview-Clock";

/** How long a signed moment is honoured after it was signed: long enough for one render's calls, too short to keep. */
export const PREVIEW_CLOCK_TTL_MS = 60_000;

function signature(secret: string, atMs: number, signedAtMs: number, path: string): string {
  return createHmac("sha256", secret).update(`${atMs}.${signedAtMs}.${path}`).digest("hex");
}

/** The header's value for a call to `path` (as the platform routes it, e.g. /signData/isCanAdd) made at `signedAt`. */
export function signPreviewClock(secret: string, at: Date, path: string, signedAt: Date): string {
  const atMs = at.getTime();
  const signedAtMs = signedAt.getTime();
  return `${atMs}.${signedAtMs}.${signature(secret, atMs, signedAtMs, path)}`;
}

export type PreviewClockReading = { kind: "none" } | { kind: "valid"; at: Date } | { kind: "invalid" };

/** What a request's header says: no preview clock, a moment to answer at, or a value that must be refused. */
export function readPreviewClock(secret: string, header: string | null, path: string, now: Date): PreviewClockReading {
  if (header === null || header === "") return { kind: "none" };
  const match = /^(-?\d{1,16})\.(\d{1,16})\.([0-9a-f]{64})$/.exec(header);
  if (!match) return { kind: "invalid" };
  const atMs = Number(match[1]);
  const signedAtMs = Number(match[2]);
  const age = now.getTime() - signedAtMs;
  if (age < -PREVIEW_CLOCK_TTL_MS || age > PREVIEW_CLOCK_TTL_MS) return { kind: "invalid" };
  const expected = Buffer.from(signature(secret, atMs, signedAtMs, path), "hex");
  const given = Buffer.from(match[3], "hex");
  if (!timingSafeEqual(expected, given)) return { kind: "invalid" };
  const at = new Date(atMs);
  return Number.isNaN(at.getTime()) ? { kind: "invalid" } : { kind: "valid", at };
}
