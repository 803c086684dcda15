/**
 * Writes a `.br` (quality 11) and a `.gz` (level 9) beside every text file of the browser build, after
 * `react-router build` has written all of them (its manifest and the stylesheets carried over from the server build
 * come after Vite's own bundle, so a Vite plugin would miss them). The server sends a sibling by the request's
 * Accept-Encoding, so serving one costs no compression (server/compression.server.ts, ADR 048).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const TEXT_FILES = /\.(js|mjs|css|svg|json|html|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const THRESHOLD_BYTES = 1024;

function* files(directory: string): Generator<string> {
  for (const name of readdirSync(directory)) {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

function precompress(directory: string): { files: number; bytes: number; brotliBytes: number } {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  for (const path of files(directory)) {
    if (!TEXT_FILES.test(path)) continue;
    const original = readFileSync(path);
    if (original.length <= THRESHOLD_BYTES) continue;
    const brotli = brotliCompressSync(original, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: original.length },
    });
    writeFileSync(`${path}.br`, brotli);
    writeFileSync(`${path}.gz`, gzipSync(original, { level: 9 }));
    totals.files++;
    totals.bytes += original.length;
    totals.brotliBytes += brotli.length;
  }
  return totals;
}

const totals = precompress(join(import.meta.dirname, "..", "build", "client"));
console.log(`precompressed ${totals.files} files of the browser build: ${totals.bytes} bytes, ${totals.brotliBytes} as brotli`);
