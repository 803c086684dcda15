/**
 * Draws public/share.png, the 1200×630 picture apps show for a shared link to a page without art of its own
 * (og:image, ADR 031): the logo and both names of the site on the brand colour. Link previews (WeChat, Weibo,
 * Facebook) do not read SVG, hence a PNG. The output is committed; run this after changing the logo or the names
 * (Debian's Chromium and fonts-noto-cjk, as for the browser suite).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";

const root = join(import.meta.dirname, "..");
const logo = readFileSync(join(root, "public/logo.svg"), "utf8");

const html = `<!doctype html><html><head><meta charset="utf-8"><style>
  body { margin: 0; width: 1200px; height: 630px; display: flex; align-items: center; gap: 56px; padding: 0 110px;
    box-sizing: border-box; background: #0f4c81; color: #fff;
    font-family: "Noto Sans CJK SC", "Noto Serif CJK SC", sans-serif; }
  svg { width: 220px; height: 220px; flex-shrink: 0; filter: drop-shadow(0 12px 30px rgba(0, 0, 0, .25)); }
  h1 { font-size: 96px; margin: 0 0 12px; letter-spacing: 4px; }
  p { font-size: 46px; margin: 0; opacity: .85; }
</style></head><body>${logo}<div><h1>经管学术圈</h1><p>EconScholar</p></div></body></html>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(html);
  await page.screenshot({ path: join(root, "public/share.png"), type: "png" });
  console.log("wrote public/share.png");
} finally {
  await browser.close();
}
