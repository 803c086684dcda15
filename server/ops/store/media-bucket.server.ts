import { AwsClient } from "aws4fetch";

/** An S3-compatible bucket for the media library's images (MEDIA_S3_*, ADR 093). */
export interface MediaBucketConfig {
  /** The service's origin (MEDIA_S3_ENDPOINT); objects are addressed path-style: <endpoint>/<bucket>/<name>. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Where the media library keeps image bytes when not in the console's database. */
export interface MediaBucket {
  /** Stores the bytes under their content-addressed name; `sha256` is their hex SHA-256, signed as the payload's. */
  put(name: string, bytes: Uint8Array, contentType: string, sha256: string): Promise<void>;
  /** The bytes under `name`, or null when the bucket has none. */
  get(name: string): Promise<Buffer | null>;
}

const TIMEOUT_MS = 10_000;

/**
 * The bucket through aws4fetch (ADR 093): each request signed with AWS Signature V4 and sent with this runtime's fetch.
 * An upload signs its payload's SHA-256 (the image's name is that hash), so the service refuses bytes altered on the way.
 */
export function s3MediaBucket(config: MediaBucketConfig): MediaBucket {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: "s3",
    region: config.region,
    // Two more tries on a 5xx or a dropped connection; then the caller's error.
    retries: 2,
  });
  const urlOf = (name: string) => `${config.endpoint.replace(/\/$/, "")}/${encodeURIComponent(config.bucket)}/${encodeURIComponent(name)}`;
  const call = (name: string, init: RequestInit) => client.fetch(urlOf(name), { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });

  return {
    async put(name, bytes, contentType, sha256) {
      const response = await call(name, {
        method: "PUT",
        body: new Uint8Array(bytes),
        headers: {
          "content-type": contentType,
          "x-amz-content-sha256": sha256,
          // Named by its content: whoever serves it straight from the bucket may keep it for a year too.
          "cache-control": "public, max-age=31536000, immutable",
        },
      });
      if (!response.ok) throw new Error(`the media bucket refused ${name}: HTTP ${response.status} ${(await response.text()).slice(0, 300)}`);
    },
    async get(name) {
      const response = await call(name, { method: "GET" });
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`the media bucket did not answer ${name}: HTTP ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    },
  };
}
