import { join } from "node:path";

export type AppEnv = "local" | "test" | "staging" | "production";

export interface ServerEnv {
  appEnv: AppEnv;
  isProduction: boolean;
  port: number;
  host: string;
  /** Where the platform API lives; null for the embedded one (APP_ENV=local). */
  platformBaseUrl: string | null;
  databaseFile: string;
  pageConfigsDir: string;
  /** CAPTCHA=test selects a captcha that always passes; refused outside local. */
  captchaTestMode: boolean;
  /** Origin used in links the embedded platform mails (email confirmation, WeChat confirm page). */
  publicOrigin: string;
  /** Wrong passwords in a row before an account locks (embedded platform). */
  maxFailedLogins: number;
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

  const captchaTestMode = env.CAPTCHA === "test";
  if (captchaTestMode && appEnv !== "local") problems.push("CAPTCHA=test is only allowed with APP_ENV=local");

  const maxFailedLogins = Number(env.LOGIN_MAX_FAILURES ?? 5);
  if (!Number.isInteger(maxFailedLogins) || maxFailedLogins < 1)
    problems.push(`LOGIN_MAX_FAILURES must be a positive integer (got "${env.LOGIN_MAX_FAILURES}")`);
  const publicOrigin = (env.PUBLIC_ORIGIN ?? `http://localhost:${port}`).replace(/\/$/, "");
  if (!/^https?:\/\/[^\s/]+$/.test(publicOrigin)) problems.push(`PUBLIC_ORIGIN must be an origin such as https://example.com (got "${env.PUBLIC_ORIGIN}")`);

  if (problems.length) {
    throw new Error(`Invalid environment:\n  - ${problems.join("\n  - ")}`);
  }
  return {
    appEnv,
    isProduction: appEnv === "production",
    port,
    host: env.HOST ?? "0.0.0.0",
    platformBaseUrl,
    databaseFile: env.DATABASE_FILE ?? join(root, "data", "platform.sqlite"),
    pageConfigsDir: env.PAGE_CONFIGS_DIR ?? join(root, "page-configs"),
    captchaTestMode,
    publicOrigin,
    maxFailedLogins,
  };
}
