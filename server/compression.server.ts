import compression from "compression";
import type { RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";

/**
 * Responses made per request (documents, client navigations' .data, API answers, SVG art) are compressed on the fly:
 * brotli at quality 4 when the client takes it (compression's default: about gzip's speed, smaller output), else gzip. Anything already encoded — a precompressed asset, an answer relayed with its own Content-Encoding — passes
 * through untouched, and so does a response nginx gets already compressed (ADR 048).
 */
export function compressResponses(): RequestHandler {
  return compression({ threshold: 1024 });
}

/**
 * The build's files, with the `.br` and `.gz` siblings written at build time (vite-plugin-compression2) chosen by the
 * request's Accept-Encoding: a hit costs no compression. `Vary: Accept-Encoding` goes out on every file that has them.
 */
export function precompressedFiles(directory: string, options: { maxAge: string; immutable?: boolean }): RequestHandler {
  return expressStaticGzip(directory, {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic: { maxAge: options.maxAge, immutable: options.immutable ?? false, index: false },
  });
}
