/**
 * Real answers of the seeded embedded platform for every data source of every page config (ADR 067): what
 * `npm run contracts:record` infers contracts from and what the contract test validates against them. Each source is
 * asked with the page's example query, in zh and en, by a visitor and by a signed-in reader.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DataSource, PageConfig } from "@schemas/generated/page-config";
import { createApiClient, type ApiClient } from "~/api/api-client";
import * as callTable from "~/api/all-calls";
import { sourceParams } from "~/pipeline/request-source";
import { createEmbeddedPlatform, type EmbeddedPlatform } from "@platform/index.server.ts";

/** "METHOD /path": what a contract describes. */
export function routeOf(source: DataSource): string {
  return `${source.method ?? "POST"} ${source.api}`;
}

/**
 * The query a test opens a page with: each value's example (a real id of the seeded platform), else its default; a
 * required value with neither (one only a signed-in owner's source reads, e.g. an order number) is "1", an optional
 * one is left out, as a link without it would.
 */
export function exampleQuery(config: PageConfig): Record<string, string> {
  return Object.fromEntries(
    Object.entries(config.query ?? {}).flatMap(([name, entry]) => {
      const value = entry.example ?? entry.default ?? (entry.required ? "1" : undefined);
      return value === undefined ? [] : [[name, value]];
    }),
  );
}

export interface AnswerSample {
  route: string;
  /** Where it was asked from: "docDetail.json /data/doc (en, reader)". */
  origin: string;
  /** The answer's code, and its `data` when the code is a success. */
  code: number;
  data: unknown;
}

interface SamplingPlatform {
  platform: EmbeddedPlatform;
  client: ApiClient;
  close(): void;
}

function openSeededPlatform(now: Date): SamplingPlatform {
  const directory = mkdtempSync(join(tmpdir(), "contracts-"));
  const platform = createEmbeddedPlatform({ file: join(directory, "p.sqlite"), now: () => now, captchaTestMode: true, log: () => {} });
  const client = createApiClient({ baseUrl: "http://embedded/api", fetch: (input, init) => platform.api.fetch(new Request(input, init)) });
  return {
    platform,
    client,
    close() {
      platform.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A reader signed in by SMS code (the captcha is in test mode), as the platform's own tests sign one in. */
async function signedInToken({ client, platform }: SamplingPlatform): Promise<string> {
  const phone = "18800000001";
  await client.request("/web/sendMessageWithCaptcha", { params: { phoneNum: phone, randStr: "record", ticket: "record" } });
  const code = platform.db.prepare("SELECT code FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1").pluck().get(`+86 ${phone}`) as string;
  const login = await client.request("/web/loginMessage", { params: { userName: phone, mobilePrefix: "86", smsVerifyCode: code } });
  const token = (login.data as { token?: string } | undefined)?.token;
  if (!token) throw new Error(`the sampling reader could not sign in: ${login.message}`);
  return token;
}

/** Every page config's sources asked on a freshly seeded platform at `now`. */
export async function sampleAnswers(pages: readonly { file: string; config: PageConfig }[], now: Date): Promise<AnswerSample[]> {
  const sampling = openSeededPlatform(now);
  try {
    const token = await signedInToken(sampling);
    const samples: AnswerSample[] = [];
    for (const { file, config } of pages) {
      const query = exampleQuery(config);
      for (const [name, source] of Object.entries(config.data ?? {})) {
        for (const lang of ["zh", "en"] as const) {
          for (const viewer of ["visitor", "reader"] as const) {
            const headers: Record<string, string> = { lang, ...(viewer === "reader" ? { token } : {}) };
            const answer = await sampling.client.request(source.api, { method: source.method, params: sourceParams(source, query), headers });
            samples.push({ route: routeOf(source), origin: `${file} /data/${name} (${lang}, ${viewer})`, code: answer.code, data: answer.data ?? null });
          }
        }
      }
    }
    return samples;
  } finally {
    sampling.close();
  }
}

/** The paths of every named call the browser makes (app/api/all-calls.ts): each needs a contract. */
export function namedCallPaths(): Set<string> {
  return new Set(Object.values(callTable).flatMap((group) => Object.values(group).map((call) => call.path)));
}
