/**
 * An S3-compatible bucket for tests (ADR 093): a small HTTP server that checks each request's Signature V4 by signing it
 * again with aws4fetch (the library the media bucket signs with) from the same secret, the request's own headers and
 * its X-Amz-Date, refuses a wrong one with 403, keeps PUT bodies whose SHA-256 matches their signed payload hash, and
 * serves them back on GET.
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { AwsV4Signer } from "aws4fetch";
import type { MediaBucketConfig } from "@server/ops/store/media-bucket.server";

export interface S3Stub {
  config: MediaBucketConfig;
  /** What the bucket holds, by object key (`<bucket>/<name>`). */
  objects: Map<string, { bytes: Buffer; contentType: string }>;
  /** Requests refused for their signature. */
  refused: number;
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Whether the request's Authorization is the one its signed headers and the secret make. */
async function signedRightly(request: IncomingMessage, config: MediaBucketConfig, origin: string): Promise<boolean> {
  const authorization = String(request.headers.authorization ?? "");
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/\d{8}\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=[0-9a-f]{64}$/.exec(authorization);
  if (!match || match[1] !== config.accessKeyId || match[2] !== config.region) return false;
  const headers = new Headers();
  for (const name of match[3].split(";")) if (name !== "host") headers.set(name, String(request.headers[name] ?? ""));
  const signer = new AwsV4Signer({
    method: request.method,
    url: `${origin}${request.url}`,
    headers,
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: "s3",
    region: config.region,
    datetime: String(request.headers["x-amz-date"]),
  });
  return (await signer.sign()).headers.get("authorization") === authorization;
}

export async function startS3Stub(port: number, config: Omit<MediaBucketConfig, "endpoint">): Promise<S3Stub> {
  const origin = `http://127.0.0.1:${port}`;
  const full: MediaBucketConfig = { ...config, endpoint: origin };
  const stub: S3Stub = { config: full, objects: new Map(), refused: 0, close: async () => {} };
  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request);
      if (!(await signedRightly(request, full, origin))) {
        stub.refused++;
        response.writeHead(403, { "content-type": "application/xml" }).end("<Error><Code>SignatureDoesNotMatch</Code></Error>");
        return;
      }
      const key = decodeURIComponent((request.url ?? "").slice(1));
      if (request.method === "PUT") {
        if (createHash("sha256").update(body).digest("hex") !== request.headers["x-amz-content-sha256"]) {
          response.writeHead(400).end("<Error><Code>XAmzContentSHA256Mismatch</Code></Error>");
          return;
        }
        stub.objects.set(key, { bytes: body, contentType: String(request.headers["content-type"]) });
        response.writeHead(200).end();
        return;
      }
      const object = stub.objects.get(key);
      if (request.method !== "GET" || !object) {
        response.writeHead(404).end("<Error><Code>NoSuchKey</Code></Error>");
        return;
      }
      response.writeHead(200, { "content-type": object.contentType }).end(object.bytes);
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  stub.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return stub;
}
