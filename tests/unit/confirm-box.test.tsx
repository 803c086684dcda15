/** The one "ask before deleting" box (widgets/parts/confirm-box.tsx), shared by seven widgets. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { ConfirmBox, type ConfirmBoxProps } from "@widgets/parts/confirm-box";
import { i18nFor, type Lang } from "./render-widget";

const noop = () => undefined;

async function render(lang: Lang, props: Partial<ConfirmBoxProps> = {}) {
  const i18n = await i18nFor(lang);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <ConfirmBox label="删除评论" question="确定删除这条评论吗？" onYes={noop} onNo={noop} {...props} />
    </I18nextProvider>,
  );
}

const WIDGETS = ["comments", "video-comments", "circle-detail", "essay-editor", "essay-article", "qa-thread", "user-home"];

describe("ConfirmBox", () => {
  it("is an alert dialog named by its action and described by its question, the way out first", async () => {
    const html = await render("zh");
    expect(html).toMatch(/^<div class="confirm-box" role="alertdialog" aria-label="删除评论" aria-describedby="([^"]+)"><p id="\1">确定删除这条评论吗？<\/p>/);
    expect(html).toMatch(
      /<button type="button" class="button confirm-box-no">取消<\/button><button type="button" class="button confirm-box-yes">删除评论<\/button>/,
    );
    expect(await render("en")).toContain(">Cancel</button>");
    const busy = await render("zh", { yes: "删除", no: "再想想", busy: true });
    expect(busy).toContain(">再想想</button>");
    expect(busy).toMatch(/<button type="button" class="button confirm-box-yes" disabled="">删除<\/button>/);
  });

  it("brings its own styles, with 44 px buttons", () => {
    const css = readFileSync(join(import.meta.dirname, "../../widgets/parts/confirm-box.css"), "utf8");
    expect(css).toMatch(/\.confirm-box-actions \.button \{[^}]*min-height: 44px/);
  });

  it("is the one confirm box: none of the seven widgets draws its own any more", () => {
    for (const widget of WIDGETS) {
      const folder = join(import.meta.dirname, "../../widgets", widget);
      const code = ["component.tsx", "Editor.tsx"].map((file) => {
        try {
          return readFileSync(join(folder, file), "utf8");
        } catch {
          return "";
        }
      });
      const source = code.join("\n");
      expect(source, widget).toContain("<ConfirmBox");
      expect(source, widget).not.toContain('role="alertdialog"');
    }
  });
});
