import { isIP } from "node:net";
import { dirname, join, resolve } from "node:path";
import type { MediaBucketConfig } from "./ops/store/media-bucket.server.ts";

export type AppEnv = "local" | "test" | "staging" | "production";

/** Who reaches the developer tools (outbox, simulated scans, account switches): nobody, this machine, or the network. */
export type DevToolsReach = "off" | "loopback" | "network";

/** Whose X-Forwarded-For and X-Forwarded-Proto count: nobody's, the nearest N hops, or the listed addresses and subnets. */
export type TrustProxy = false | number | string[];

export interface ServerEnv {
  appEnv: AppEnv;
  isProduction: boolean;
  port: number;
  host: string;
  /** Where the platform API lives; null for the embedded one (APP_ENV=local). */
  platformBaseUrl: string | null;
  /**
   * Where the platform's websockets live (/ws/chat, /ws/dwell are appended): PLATFORM_SOCKETS_URL, else the API's
   * base URL with ws(s):. Null for the embedded platform, whose sockets this server answers itself.
   */
  platformSocketsUrl: string | null;
  databaseFile: string;
  pageConfigsDir: string;
  /** The production build (client assets and the server bundle): BUILD_DIR, relative to the project, default build/. */
  buildDir: string;
  /** CAPTCHA=test selects a captcha that always passes; refused outside local. */
  captchaTestMode: boolean;
  /** Origin used in links the embedded platform mails (email confirmation, WeChat confirm page). */
  publicOrigin: string;
  /** Wrong passwords in a row before an account locks (embedded platform). */
  maxFailedLogins: number;
  devTools: DevToolsReach;
  trustProxy: TrustProxy;
  /** Cookies carry Secure everywhere but on a developer's machine, which serves plain http. */
  secureCookies: boolean;
  /** How long a page waits for each server-side data source that sets no timeoutMs of its own (PLATFORM_TIMEOUT_MS). */
  platformTimeoutMs: number;
  /** The console's store on PostgreSQL (CONSOLE_DATABASE_URL, ADR 052); null: the SQLite file below. */
  consoleDatabaseUrl: string | null;
  /** The console's SQLite store (CONSOLE_DATABASE_FILE), by default console.sqlite beside DATABASE_FILE. */
  consoleDatabaseFile: string;
  /** The S3-compatible bucket the console's media library keeps its images in (MEDIA_S3_*, ADR 093); null: the store. */
  mediaBucket: MediaBucketConfig | null;
  /** Told the URLs of a page that went live or was rolled back (CDN_PURGE_URL, ADR 053); null: no CDN to tell. */
  cdnPurgeUrl: string | null;
  /**
   * Shared with a remote platform to sign a console preview's clock (PREVIEW_CLOCK_SECRET, ADR 089); null: previews
   * move only the page's own clock. The embedded platform keeps its own.
   */
  previewClockSecret: string | null;
}

function readTrustProxy(value: string | undefined, problems: string[]): TrustProxy {
  if (value === undefined || value === "" || value === "none") return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(",").map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    const [address, bits, ...rest] = entry.split("/");
    const family = isIP(address);
    if (!family || rest.length) return false;
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
  });
  if (!valid) problems.push(`TRUST_PROXY must be a hop count or a comma-separated list of addresses and CIDR subnets (got "${value}")`);
  return entries;
}

const MEDIA_S3_REQUIRED = ["MEDIA_S3_ENDPOINT", "MEDIA_S3_BUCKET", "MEDIA_S3_ACCESS_KEY_ID", "MEDIA_S3_SECRET_ACCESS_KEY"] as const;

/** The media bucket (ADR 093): all of MEDIA_S3_* or none; MEDIA_S3_REGION defaults to us-east-1. */
function readMediaBucket(env: NodeJS.ProcessEnv, problems: string[]): MediaBucketConfig | null {
  const given = [...MEDIA_S3_REQUIRED, "MEDIA_S3_REGION"].filter((name) => env[name]);
  if (!given.length) return null;
  const missing = MEDIA_S3_REQUIRED.filter((name) => !env[name]);
  if (missing.length)
    problems.push(`${missing.join(", ")} must be set too when ${given.join(", ")} ${given.length > 1 ? "are" : "is"} (the media bucket takes all of them)`);
  const endpoint = env.MEDIA_S3_ENDPOINT ?? "";
  if (endpoint && !/^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(endpoint))
    problems.push(`MEDIA_S3_ENDPOINT must be an http(s) URL such as https://s3.eu-central-1.amazonaws.com (got "${endpoint}")`);
  const bucket = env.MEDIA_S3_BUCKET ?? "";
  if (bucket && !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    problems.push(`MEDIA_S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens (got "${bucket}")`);
  const region = env.MEDIA_S3_REGION || "us-east-1";
  if (!/^[a-z0-9-]{2,32}$/.test(region)) problems.push(`MEDIA_S3_REGION must be a region name such as eu-central-1 (got "${region}")`);
  return missing.length
    ? null
    : { endpoint, bucket, region, accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID ?? "", secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY ?? "" };
}

const BASE_URL_VARIABLE: Record<Exclude<AppEnv, "local">, string> = {
  test: "PLATFORM_API_TEST",
  staging: "PLATFORM_API_STAGING",
  production: "PLATFORM_API_PRODUCTION",
};

/** Reads and checks the environment once at boot; a wrong value stops the server with a message saying which. */
export function readServerEnv(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): ServerEnv {
  const problems: string[] = [];
  const appEnv = (env.APP_ENV ?? "local") as AppEnv;
  if (!["local", "test", "staging", "production"].includes(appEnv)) problems.push(`APP_ENV must be local, test, staging or production (got "${env.APP_ENV}")`);

  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push(`PORT must be a port number (got "${env.PORT}")`);

  let platformBaseUrl: string | null = null;
  if (appEnv !== "local" && BASE_URL_VARIABLE[appEnv as Exclude<AppEnv, "local">]) {
    const variable = BASE_URL_VARIABLE[appEnv as Exclude<AppEnv, "local">];
    const value = env[variable];
    if (!value) problems.push(`${variable} must be set when APP_ENV=${appEnv}`);
    else if (!/^https?:\/\/[^\s]+$/.test(value)) problems.push(`${variable} must be an http(s) URL (got "${value}")`);
    else platformBaseUrl = value.replace(/\/$/, "");
  }

  let platformSocketsUrl: string | null = null;
  if (platformBaseUrl) {
    const value = env.PLATFORM_SOCKETS_URL;
    if (value && !/^wss?:\/\/[^\s]+$/.test(value)) problems.push(`PLATFORM_SOCKETS_URL must be a ws(s) URL (got "${value}")`);
    else platformSocketsUrl = (value ?? platformBaseUrl.replace(/^http/, "ws")).replace(/\/$/, "");
  }

  const captchaTestMode = env.CAPTCHA === "test";
  if (captchaTestMode && appEnv !== "local") problems.push("CAPTCHA=test is only allowed with APP_ENV=local");

  const maxFailedLogins = Number(env.LOGIN_MAX_FAILURES ?? 5);
  if (!Number.isInteger(maxFailedLogins) || maxFailedLogins < 1)
    problems.push(`LOGIN_MAX_FAILURES must be a positive integer (got "${env.LOGIN_MAX_FAILURES}")`);
  const publicOrigin = (env.PUBLIC_ORIGIN ?? `http://localhost:${port}`).replace(/\/$/, "");
  if (!/^https?:\/\/[^\s/]+$/.test(publicOrigin)) problems.push(`PUBLIC_ORIGIN must be an origin such as https://example.com (got "${env.PUBLIC_ORIGIN}")`);

  const nodeProduction = env.NODE_ENV === "production";
  const devTools = (env.DEV_TOOLS ?? (appEnv === "local" && !nodeProduction ? "loopback" : "off")) as DevToolsReach;
  if (!["off", "loopback", "network"].includes(devTools)) problems.push(`DEV_TOOLS must be off, loopback or network (got "${env.DEV_TOOLS}")`);
  else if (devTools !== "off" && (nodeProduction || appEnv !== "local"))
    problems.push("DEV_TOOLS is only allowed with APP_ENV=local and without NODE_ENV=production: they hand out every login code");
  const trustProxy = readTrustProxy(env.TRUST_PROXY, problems);
  const platformTimeoutMs = Number(env.PLATFORM_TIMEOUT_MS ?? 5_000);
  if (!Number.isInteger(platformTimeoutMs) || platformTimeoutMs < 100 || platformTimeoutMs > 60_000)
    problems.push(`PLATFORM_TIMEOUT_MS must be a whole number of milliseconds from 100 to 60000 (got "${env.PLATFORM_TIMEOUT_MS}")`);

  const consoleDatabaseUrl = env.CONSOLE_DATABASE_URL || null;
  if (consoleDatabaseUrl && !/^postgres(ql)?:\/\/\S+$/.test(consoleDatabaseUrl))
    problems.push("CONSOLE_DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/console");
  const cdnPurgeUrl = env.CDN_PURGE_URL || null;
  if (cdnPurgeUrl && !/^https?:\/\/\S+$/.test(cdnPurgeUrl)) problems.push(`CDN_PURGE_URL must be an http(s) URL (got "${cdnPurgeUrl}")`);
  const mediaBucket = readMediaBucket(env, problems);
  const previewClockSecret = env.PREVIEW_CLOCK_SECRET || null;
  if (previewClockSecret && previewClockSecret.length < 32) problems.push("PREVIEW_CLOCK_SECRET must be at least 32 characters");
  const databaseFile = env.DATABASE_FILE ?? join(root, "data", "platform.sqlite");

  if (problems.length) {
    throw new Error(`Invalid environment:\n  - ${problems.join("\n  - ")}`);
  }
  return {
    appEnv,
    isProduction: appEnv === "production",
    port,
    host: env.HOST ?? "0.0.0.0",
    platformBaseUrl,
    platformSocketsUrl,
    databaseFile,
    pageConfigsDir: env.PAGE_CONFIGS_DIR ?? join(root, "page-configs"),
    buildDir: resolve(root, env.BUILD_DIR ?? "build"),
    captchaTestMode,
    publicOrigin,
    maxFailedLogins,
    devTools,
    trustProxy,
    secureCookies: appEnv !== "local",
    platformTimeoutMs,
    consoleDatabaseUrl,
    consoleDatabaseFile: env.CONSOLE_DATABASE_FILE ?? join(dirname(databaseFile), "console.sqlite"),
    mediaBucket,
    cdnPurgeUrl,
    previewClockSecret,
  };
}
