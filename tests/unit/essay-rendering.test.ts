/**
 * Articles' reading HTML is made when the text is saved, not on every read (issue 32, ADR 049): a formula-heavy
 * article costs KaTeX nothing when read, a save renders what it wrote, any change of the text clears the stored
 * rendering, and a new renderer renders every article again once, at start.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import katex from "katex";
import { createEssayRendering } from "@platform/essays/rendering.server";
import { RICH_TEXT_RENDERER } from "@platform/rich-text/index.server";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";
import { plainPng } from "./image-samples";

const api = useEmbeddedPlatform("2027-04-12T02:00:00.000Z", { captchaTestMode: true });
const { call } = api;
const PNG = (await plainPng(750, 420)).toString("base64");
/** Forty formulas, display and inline: the kind of article that cost 72 ms of server CPU per read. */
const FORMULAS = Array.from({ length: 40 }, (_, index) =>
  index % 2
    ? `<p>期望收益 $E[R_${index}] = r_f + \\beta_{${index}} (E[R_m] - r_f)$ 成立。</p>`
    : `<p>$$\\sum_{t=0}^{\\infty} \\delta^t u(c_{t+${index}})$$</p>`,
).join("");

afterEach(() => {
  vi.restoreAllMocks();
});

async function releaseFormulaEssay(): Promise<{ id: number; token: string }> {
  const writer = await api.newUser();
  const upload = await call("/file/upload", { body: { purpose: "cover", data: PNG }, token: writer.token });
  const answer = await call("/essay/release", { body: { title: "资产定价公式汇编", content: FORMULAS, cover: upload.body.data.url }, token: writer.token });
  expect(answer.body.code).toBe(200);
  return { id: answer.body.data.id, token: writer.token };
}

const stored = (id: number) =>
  api.platform.db.prepare("SELECT content_html, rendered_with FROM essays WHERE item_id = ?").get(id) as {
    content_html: string | null;
    rendered_with: string | null;
  };

describe("an article's reading HTML", () => {
  it("is rendered when it is released, and reads cost KaTeX nothing", async () => {
    const render = vi.spyOn(katex, "renderToString");
    const { id } = await releaseFormulaEssay();
    expect(render.mock.calls.length).toBeGreaterThanOrEqual(40);
    expect(stored(id)).toMatchObject({ rendered_with: RICH_TEXT_RENDERER });
    expect((stored(id).content_html?.match(/<math/g) ?? []).length).toBe(40);

    render.mockClear();
    for (let read = 0; read < 5; read++) {
      const answer = await call("/essay/detail", { method: "GET", query: { id: String(id) } });
      expect((answer.body.data.content.match(/<math/g) ?? []).length).toBe(40);
    }
    expect(render).not.toHaveBeenCalled();
  });

  it("is rendered again when the text changes, by a release or by any other write", async () => {
    const { id, token } = await releaseFormulaEssay();
    const before = await call("/essay/detail", { method: "GET", query: { id: String(id) }, token });
    const edit = await call("/essay/release", {
      body: { id, title: "资产定价公式汇编", content: "<p>只剩一个公式 $x^2$。</p>", cover: before.body.data.cover },
      token,
    });
    expect(edit.body.code).toBe(200);
    expect((stored(id).content_html?.match(/<math/g) ?? []).length).toBe(1);

    // A write that knows nothing of renderings (a data fix, a future code path) still cannot leave a stale one.
    api.platform.db.prepare("UPDATE essays SET content = '<p>没有公式</p>' WHERE item_id = ?").run(id);
    expect(stored(id).rendered_with).toBeNull();
    const read = await call("/essay/detail", { method: "GET", query: { id: String(id) } });
    expect(read.body.data.content).toBe("<p>没有公式</p>");
  });

  it("made by another renderer is made again once at start, and meanwhile read rendered fresh without a write", async () => {
    const { id } = await releaseFormulaEssay();
    const db = api.platform.db;
    db.prepare("UPDATE essays SET rendered_with = 'katex 0.15.0; rich text 0', content_html = '<p>old</p>'").run();
    const read = await call("/essay/detail", { method: "GET", query: { id: String(id) } });
    expect((read.body.data.content.match(/<math/g) ?? []).length).toBe(40);
    expect(stored(id).content_html).toBe("<p>old</p>");

    const essays = db.prepare("SELECT COUNT(*) FROM essays").pluck().get() as number;
    expect(createEssayRendering(db).renderStaleEssays()).toBe(essays);
    expect(stored(id).rendered_with).toBe(RICH_TEXT_RENDERER);
    expect(createEssayRendering(db).renderStaleEssays()).toBe(0);
  });
});
