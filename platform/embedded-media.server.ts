import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { toLang } from "@contracts/language.ts";
import { PLATFORM_MEDIA } from "@contracts/platform-paths.ts";
import type { Db } from "./kernel/db.server.ts";
import type { RouteDefinition } from "./kernel/router.server.ts";
import { posterSvg } from "./content.server.ts";
import { AUDIO_DIR, audioUrlValid } from "./audio-books/rules.server.ts";

/**
 * The seed's media as the embedded platform serves them (a real platform's CDN would): items' SVG posters and audio
 * chapters behind signed URLs. The SSR server answers /media/poster/:id.svg and /media/audio/:file by asking these
 * paths (ADR 076), so it never reads the platform's tables or folders.
 */
const notFound = (status: number) => new Response(null, { status });

/** The one byte range a `Range: bytes=a-b` header asks for, null for the whole file, "unsatisfiable" past its end. */
function byteRange(header: string | null, size: number): { start: number; end: number } | null | "unsatisfiable" {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (!match[1] && !match[2])) return null;
  const start = match[1] ? Number(match[1]) : Math.max(0, size - Number(match[2]));
  const end = match[1] && match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  return start >= size || start > end ? "unsatisfiable" : { start, end };
}

/** A chapter's bytes, whole or the range asked (players seek with Range requests), cached as a CDN would for 6 hours. */
function audioAnswer(file: string, rangeHeader: string | null): Response {
  const path = join(AUDIO_DIR, file);
  if (!existsSync(path)) return notFound(404);
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

export function embeddedMediaRoutes(db: Db): RouteDefinition[] {
  return [
    {
      method: "GET",
      path: PLATFORM_MEDIA.poster,
      handler: (context) => {
        const id = Number(context.params.id);
        const svg = Number.isInteger(id) ? posterSvg(db, id, toLang(String(context.params.lang ?? ""))) : null;
        return svg ? new Response(svg, { headers: { "Content-Type": "image/svg+xml" } }) : notFound(404);
      },
    },
    {
      method: "GET",
      path: PLATFORM_MEDIA.audio,
      handler: (context) => {
        const file = String(context.params.file ?? "");
        const valid = audioUrlValid(db, file, Number(context.params.exp), String(context.params.sig ?? ""), context.now());
        return valid ? audioAnswer(file, context.headers.get("range")) : notFound(403);
      },
    },
  ];
}
