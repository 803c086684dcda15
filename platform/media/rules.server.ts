import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { AUDIO_DIR } from "../audio-books/rules.server.ts";

/** The one byte range a `Range: bytes=a-b` header asks for, null for the whole file, "unsatisfiable" past its end. */
function byteRange(header: string | null, size: number): { start: number; end: number } | null | "unsatisfiable" {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (!match[1] && !match[2])) return null;
  const start = match[1] ? Number(match[1]) : Math.max(0, size - Number(match[2]));
  const end = match[1] && match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  return start >= size || start > end ? "unsatisfiable" : { start, end };
}

/** A chapter's bytes, whole or the range asked (players seek with Range requests), cached as a CDN would for 6 hours. */
export function audioAnswer(file: string, rangeHeader: string | null): Response {
  const path = join(AUDIO_DIR, file);
  if (!existsSync(path)) return new Response(null, { status: 404 });
  const size = statSync(path).size;
  const headers = { "Content-Type": "audio/mpeg", "Accept-Ranges": "bytes", "Cache-Control": "public, max-age=21600" };
  const range = byteRange(rangeHeader, size);
  if (range === "unsatisfiable") return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${size}` } });
  const bytes = readFileSync(path);
  if (!range) return new Response(new Uint8Array(bytes), { headers });
  return new Response(new Uint8Array(bytes.subarray(range.start, range.end + 1)), {
    status: 206,
    headers: { ...headers, "Content-Range": `bytes ${range.start}-${range.end}/${size}` },
  });
}
