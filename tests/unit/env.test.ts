import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { readServerEnv } from "@server/env.server";

const root = "/srv/app";

describe("readServerEnv", () => {
  it("defaults to local with the embedded platform", () => {
    expect(readServerEnv({}, root)).toEqual({
      appEnv: "local",
      isProduction: false,
      port: 3000,
      host: "0.0.0.0",
      platformBaseUrl: null,
      platformSocketsUrl: null,
      databaseFile: join(root, "data", "platform.sqlite"),
      consoleDatabaseFile: join(root, "data", "console.sqlite"),
      consoleDatabaseUrl: null,
      cdnPurgeUrl: null,
      mediaBucket: null,
      pageConfigsDir: join(root, "page-configs"),
      buildDir: join(root, "build"),
      captchaTestMode: false,
      publicOrigin: "http://localhost:3000",
      maxFailedLogins: 5,
      devTools: "loopback",
      trustProxy: false,
      secureCookies: false,
      platformTimeoutMs: 5_000,
      previewClockSecret: null,
    });
  });

  it("reads the media bucket from all of MEDIA_S3_* or none, naming what is missing or wrong (ADR 093)", () => {
    const bucket = {
      MEDIA_S3_ENDPOINT: "https://s3.eu-central-1.amazonaws.com",
      MEDIA_S3_BUCKET: "econscholar-media",
      MEDIA_S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      MEDIA_S3_SECRET_ACCESS_KEY: "example-secret",
    };
    expect(readServerEnv({ ...bucket, MEDIA_S3_REGION: "eu-central-1" }, root).mediaBucket).toEqual({
      endpoint: "https://s3.eu-central-1.amazonaws.com",
      bucket: "econscholar-media",
      region: "eu-central-1",
      accessKeyId: "AKIAEXAMPLE",
      secretAccessKey: "example-secret",
    });
    expect(readServerEnv(bucket, root).mediaBucket?.region).toBe("us-east-1");
    expect(() => readServerEnv({ MEDIA_S3_BUCKET: "econscholar-media" }, root)).toThrow(
      /MEDIA_S3_ENDPOINT, MEDIA_S3_ACCESS_KEY_ID, MEDIA_S3_SECRET_ACCESS_KEY must be set too when MEDIA_S3_BUCKET is/,
    );
    expect(() => readServerEnv({ ...bucket, MEDIA_S3_ENDPOINT: "s3.example.com" }, root)).toThrow(/MEDIA_S3_ENDPOINT must be an http\(s\) URL/);
    expect(() => readServerEnv({ ...bucket, MEDIA_S3_BUCKET: "Media_Bucket" }, root)).toThrow(/MEDIA_S3_BUCKET must be a bucket name/);
    expect(() => readServerEnv({ ...bucket, MEDIA_S3_REGION: "EU Central" }, root)).toThrow(/MEDIA_S3_REGION must be a region name/);
  });

  it("takes a preview clock secret only long enough to sign with (ADR 089)", () => {
    const secret = "s".repeat(32);
    expect(readServerEnv({ PREVIEW_CLOCK_SECRET: secret }, root).previewClockSecret).toBe(secret);
    expect(() => readServerEnv({ PREVIEW_CLOCK_SECRET: "short" }, root)).toThrow(/PREVIEW_CLOCK_SECRET must be at least 32 characters/);
  });

  it("keeps the developer tools on this machine by default, off in production builds, and refuses them where they would leak codes", () => {
    expect(readServerEnv({ NODE_ENV: "production" }, root).devTools).toBe("off");
    expect(readServerEnv({ DEV_TOOLS: "network" }, root).devTools).toBe("network");
    expect(readServerEnv({ DEV_TOOLS: "off" }, root).devTools).toBe("off");
    expect(readServerEnv({ APP_ENV: "staging", PLATFORM_API_STAGING: "https://s.example" }, root).devTools).toBe("off");
    expect(() => readServerEnv({ NODE_ENV: "production", DEV_TOOLS: "loopback" }, root)).toThrow(
      /DEV_TOOLS is only allowed with APP_ENV=local and without NODE_ENV=production/,
    );
    expect(() => readServerEnv({ APP_ENV: "test", PLATFORM_API_TEST: "https://t.example", DEV_TOOLS: "network" }, root)).toThrow(/DEV_TOOLS is only allowed/);
    expect(() => readServerEnv({ DEV_TOOLS: "yes" }, root)).toThrow(/DEV_TOOLS must be off, loopback or network \(got "yes"\)/);
  });

  it("trusts no proxy unless TRUST_PROXY names hops or addresses", () => {
    expect(readServerEnv({ TRUST_PROXY: "2" }, root).trustProxy).toBe(2);
    expect(readServerEnv({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1, ::1, fd00::/8" }, root).trustProxy).toEqual(["10.0.0.0/8", "127.0.0.1", "::1", "fd00::/8"]);
    expect(readServerEnv({ TRUST_PROXY: "none" }, root).trustProxy).toBe(false);
    for (const value of ["loopback", "10.0.0.0/33", "1.2.3", "10.0.0.1/8/1", "-1"])
      expect(() => readServerEnv({ TRUST_PROXY: value }, root), value).toThrow(/TRUST_PROXY must be a hop count or a comma-separated list/);
  });

  it("reads how long a page waits for a source (PLATFORM_TIMEOUT_MS), refusing what is no time-out", () => {
    expect(readServerEnv({ PLATFORM_TIMEOUT_MS: "1000" }, root).platformTimeoutMs).toBe(1_000);
    for (const value of ["0", "abc", "1.5", "600000"])
      expect(() => readServerEnv({ PLATFORM_TIMEOUT_MS: value }, root), value).toThrow(/PLATFORM_TIMEOUT_MS must be a whole number of milliseconds/);
  });

  it("marks cookies Secure everywhere but local", () => {
    expect(readServerEnv({ APP_ENV: "production", PLATFORM_API_PRODUCTION: "https://p.example" }, root).secureCookies).toBe(true);
  });

  it("reads the overrides", () => {
    const env = readServerEnv({ PORT: "8080", HOST: "127.0.0.1", DATABASE_FILE: "/tmp/x.sqlite", PAGE_CONFIGS_DIR: "/tmp/pages", CAPTCHA: "test" }, root);
    expect(env).toMatchObject({ port: 8080, host: "127.0.0.1", databaseFile: "/tmp/x.sqlite", pageConfigsDir: "/tmp/pages", captchaTestMode: true });
  });

  it("refuses an unknown APP_ENV, naming it", () => {
    expect(() => readServerEnv({ APP_ENV: "prod" }, root)).toThrow(/APP_ENV must be local, test, staging or production \(got "prod"\)/);
  });

  it("refuses a bad PORT", () => {
    for (const port of ["abc", "-1", "70000", "80.5"]) expect(() => readServerEnv({ PORT: port }, root), port).toThrow(/PORT must be a port number/);
  });

  it("needs the platform URL of the chosen environment", () => {
    expect(() => readServerEnv({ APP_ENV: "staging" }, root)).toThrow("PLATFORM_API_STAGING must be set when APP_ENV=staging");
    expect(() => readServerEnv({ APP_ENV: "test" }, root)).toThrow("PLATFORM_API_TEST must be set when APP_ENV=test");
    expect(() => readServerEnv({ APP_ENV: "production", PLATFORM_API_STAGING: "https://s.example" }, root)).toThrow("PLATFORM_API_PRODUCTION must be set");
    expect(() => readServerEnv({ APP_ENV: "staging", PLATFORM_API_STAGING: "ftp://x" }, root)).toThrow("PLATFORM_API_STAGING must be an http(s) URL");
  });

  it("uses that URL without a trailing slash", () => {
    const staging = readServerEnv({ APP_ENV: "staging", PLATFORM_API_STAGING: "https://staging.example/api/" }, root);
    expect(staging).toMatchObject({ appEnv: "staging", isProduction: false, platformBaseUrl: "https://staging.example/api" });
    const production = readServerEnv({ APP_ENV: "production", PLATFORM_API_PRODUCTION: "https://api.example" }, root);
    expect(production).toMatchObject({ appEnv: "production", isProduction: true, platformBaseUrl: "https://api.example" });
  });

  it("relays the sockets to the platform's own socket host, by default the API's URL with ws(s):", () => {
    expect(readServerEnv({ APP_ENV: "staging", PLATFORM_API_STAGING: "https://staging.example/api/" }, root).platformSocketsUrl).toBe(
      "wss://staging.example/api",
    );
    expect(readServerEnv({ APP_ENV: "test", PLATFORM_API_TEST: "http://10.0.0.5:8080" }, root).platformSocketsUrl).toBe("ws://10.0.0.5:8080");
    const separate = readServerEnv(
      { APP_ENV: "production", PLATFORM_API_PRODUCTION: "https://api.example", PLATFORM_SOCKETS_URL: "wss://live.example/" },
      root,
    );
    expect(separate.platformSocketsUrl).toBe("wss://live.example");
    expect(() =>
      readServerEnv({ APP_ENV: "production", PLATFORM_API_PRODUCTION: "https://api.example", PLATFORM_SOCKETS_URL: "https://live.example" }, root),
    ).toThrow('PLATFORM_SOCKETS_URL must be a ws(s) URL (got "https://live.example")');
  });

  it("refuses CAPTCHA=test outside local", () => {
    expect(readServerEnv({ APP_ENV: "local", CAPTCHA: "test" }, root).captchaTestMode).toBe(true);
    for (const appEnv of ["test", "staging", "production"]) {
      const variable = `PLATFORM_API_${appEnv.toUpperCase()}`;
      expect(() => readServerEnv({ APP_ENV: appEnv, [variable]: "https://api.example", CAPTCHA: "test" }, root), appEnv).toThrow(
        "CAPTCHA=test is only allowed with APP_ENV=local",
      );
    }
  });

  it("reads and checks the embedded platform's public origin and login lockout", () => {
    expect(readServerEnv({ PUBLIC_ORIGIN: "https://h5.example/", LOGIN_MAX_FAILURES: "3" }, root)).toMatchObject({
      publicOrigin: "https://h5.example",
      maxFailedLogins: 3,
    });
    expect(readServerEnv({ PORT: "4000" }, root).publicOrigin).toBe("http://localhost:4000");
    expect(() => readServerEnv({ PUBLIC_ORIGIN: "https://h5.example/path" }, root)).toThrow(/PUBLIC_ORIGIN must be an origin/);
    for (const value of ["0", "-2", "x", "1.5"])
      expect(() => readServerEnv({ LOGIN_MAX_FAILURES: value }, root), value).toThrow(/LOGIN_MAX_FAILURES must be a positive integer/);
  });

  it("reports every problem at once", () => {
    try {
      readServerEnv({ APP_ENV: "staging", PORT: "x", CAPTCHA: "test" }, root);
      expect.unreachable("should have thrown");
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/^Invalid environment:/);
      expect(message).toContain("PORT must be a port number");
      expect(message).toContain("PLATFORM_API_STAGING must be set");
      expect(message).toContain("CAPTCHA=test is only allowed");
    }
  });
});
