/**
 * What reading an article costs the server when it is full of formulas, against a plain one (issue 32, ADR 049): both
 * articles released through the platform's own call by a writer, then each read uncached under load while this
 * process's CPU time is counted (the servers run in this process; autocannon in a child).
 */
import { createHash, randomBytes } from "node:crypto";
import sharp from "sharp";
import type { EmbeddedPlatform } from "@platform/index.server.ts";
import { measureCpu, type LoadSettings } from "./throughput.ts";

/** Forty formulas, display and inline, about 6 KB of text: a methods section. */
const FORMULA_ARTICLE = Array.from({ length: 40 }, (_, index) =>
  index % 2
    ? `<p>由 $E[R_${index}] = r_f + \\beta_{${index}} \\left(E[R_m] - r_f\\right)$ 可得风险溢价。</p>`
    : `<p>$$V_0 = \\sum_{t=1}^{T} \\frac{E[D_{t+${index}}]}{(1 + r)^t} + \\frac{P_T}{(1+r)^T}$$</p>`,
).join("");
/** The same length of prose without a formula. */
const PLAIN_ARTICLE = `<p>${"货币政策通过预期渠道影响长期利率与资产价格，央行沟通因此格外重要。".repeat(Math.ceil(FORMULA_ARTICLE.length / 33))}</p>`;

export interface ReadCost {
  label: string;
  cpuMsPerRead: number;
  requestsPerSecond: number;
}

/** A writer's session, written as a login would: the bench has no phone to receive a code. */
function writerToken(platform: EmbeddedPlatform): string {
  const token = randomBytes(24).toString("hex");
  const userId = platform.db.prepare("SELECT id FROM users ORDER BY id LIMIT 1").pluck().get() as number;
  platform.db
    .prepare("INSERT INTO sessions (token_hash, user_id, created_at) VALUES (?, ?, ?)")
    .run(createHash("sha256").update(token).digest("hex"), userId, new Date().toISOString());
  return token;
}

async function call(origin: string, path: string, token: string, body: unknown) {
  const answer = await fetch(new URL(`/api${path}`, origin), {
    method: "POST",
    headers: { "Content-Type": "application/json", token },
    body: JSON.stringify(body),
  });
  const envelope = (await answer.json()) as { code: number; message?: string; data?: { id?: number; url?: string } };
  if (envelope.code !== 200) throw new Error(`${path} answered ${envelope.code}: ${envelope.message}`);
  return envelope.data ?? {};
}

async function releaseArticle(origin: string, token: string, title: string, content: string): Promise<number> {
  const cover = await sharp({ create: { width: 750, height: 420, channels: 3, background: "#1f4e79" } })
    .png()
    .toBuffer();
  const upload = await call(origin, "/file/upload", token, { purpose: "cover", data: cover.toString("base64") });
  const released = await call(origin, "/essay/release", token, { title, content, cover: upload.url });
  return released.id as number;
}

async function readCost(label: string, url: string, settings: LoadSettings, warmUpSeconds: number): Promise<ReadCost> {
  const { load, cpuMsPerRequest } = await measureCpu(url, settings, warmUpSeconds);
  return { label, cpuMsPerRead: cpuMsPerRequest, requestsPerSecond: load.requestsPerSecond };
}

/** Both articles released by a writer, as `npm run bench` reads them (and `npm run bench:profile` with PROFILE_ARTICLE). */
export async function releaseBenchArticles(origin: string, platform: EmbeddedPlatform): Promise<{ formulaId: number; plainId: number }> {
  const token = writerToken(platform);
  const formulaId = await releaseArticle(origin, token, "资产定价公式汇编", FORMULA_ARTICLE);
  const plainId = await releaseArticle(origin, token, "货币政策的预期渠道", PLAIN_ARTICLE);
  return { formulaId, plainId };
}

export async function measureArticleReads(
  origin: string,
  platform: EmbeddedPlatform,
  settings: LoadSettings,
  warmUpSeconds: number,
): Promise<{ formula: ReadCost; plain: ReadCost }> {
  const { formulaId, plainId } = await releaseBenchArticles(origin, platform);
  const plain = await readCost("plain article", new URL(`/essayInfo?id=${plainId}`, origin).href, settings, warmUpSeconds);
  const formula = await readCost("40-formula article", new URL(`/essayInfo?id=${formulaId}`, origin).href, settings, warmUpSeconds);
  return { formula, plain };
}
