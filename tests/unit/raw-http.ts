/**
 * Reading an answer as it crossed the wire, for the compression and render-cache tests: node:http, not fetch, since
 * fetch would decode the body and hide what was sent.
 */
import { expect } from "vitest";
import { request as httpRequest } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, bytes: Buffer.concat(chunks) }));
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** The body as text, decoded by its Content-Encoding (none, brotli or gzip). */
export function decoded(answer: RawAnswer): string {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(answer.bytes).toString();
  if (encoding === "gzip") return gunzipSync(answer.bytes).toString();
  expect(encoding).toBeUndefined();
  return answer.bytes.toString();
}
