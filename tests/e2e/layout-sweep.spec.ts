/**
 * The screenshot sweep: every page config at 320, 390 and 768 px, in zh and en. It fails when anything is wider than
 * the viewport (the page scrolls sideways or a block is cut off) or when a fixed layer (header, action bar, mini
 * player, back-to-top) lies over something a person taps, with the page scrolled to its end, where nothing may stay
 * covered. Each page is loaded once per language and measured at the three widths; a failing page's screenshot is kept
 * in test-results/layout-sweep/ (ADR 058).
 */
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { REACHED_AFTER_AN_ACTION, walkEveryPage } from "./page-walk";
import { speak, type Lang } from "./platform-support";

const WIDTHS = [320, 390, 768];
const SHOTS = "test-results/layout-sweep";

/** Elements that stick out past the viewport's right edge, the widest first. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width) found.push(`page is ${document.documentElement.scrollWidth} px wide`);
    for (const element of document.querySelectorAll<HTMLElement>("body *")) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 1) continue;
      // Inside a box that scrolls or clips sideways (a carousel, a tab strip) is not past the page's edge.
      let clipped = false;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const overflowX = getComputedStyle(parent).overflowX;
        if (overflowX !== "visible" && parent.getBoundingClientRect().right <= width + 1) {
          clipped = true;
          break;
        }
      }
      if (!clipped) found.push(`${element.tagName.toLowerCase()}.${[...element.classList].join(".")} right edge ${Math.round(box.right)}`);
    }
    return found.slice(0, 5);
  });
}

/** Interactive elements whose centre, with the page at its end, is under a fixed or sticky layer they are not part of. */
async function covered(page: Page): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => {
    const layerOf = (element: Element | null): Element | null => {
      for (let node = element; node && node !== document.body; node = node.parentElement) {
        const position = getComputedStyle(node).position;
        if (position === "fixed" || position === "sticky") return node;
      }
      return null;
    };
    const found: string[] = [];
    const selector = "a[href], button, input:not([type=hidden]), select, textarea, [role=button]";
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (element.closest("dialog, [popover], [inert], [aria-hidden=true]")) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.bottom <= 0 || box.top >= window.innerHeight) continue;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || x > window.innerWidth) continue;
      const top = document.elementFromPoint(x, y);
      if (!top || element.contains(top) || top.contains(element)) continue;
      const layer = layerOf(top);
      if (!layer || layer.contains(element)) continue;
      // Content scrolled under a layer held at the top (the header, a sticky tab strip) comes back by scrolling up; with
      // the page at its end, only a layer held at the bottom can leave a control unreachable.
      if (layer.getBoundingClientRect().top < window.innerHeight / 2) continue;
      const name = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 16);
      found.push(`"${name}" under ${layer.tagName.toLowerCase()}.${[...layer.classList].join(".")}`);
    }
    return found;
  });
}

for (const lang of ["zh", "en"] as Lang[]) {
  test(`no page is wider than the phone or has a control under a fixed layer, at 320, 390 and 768 px (${lang})`, async ({ page, context, baseURL }) => {
    test.setTimeout(1_200_000);
    const started = Date.now();
    mkdirSync(SHOTS, { recursive: true });
    await speak(context, baseURL!, lang);
    const walk = await walkEveryPage(page.request, `lang=${lang}`);
    const problems = walk.unreached.filter((path) => !REACHED_AFTER_AN_ACTION.has(path)).map((path) => `${path}: no page links to it`);
    for (const url of walk.urls) {
      await page.setViewportSize({ width: WIDTHS[1], height: 844 });
      await page.goto(url, { waitUntil: "domcontentloaded" });
      await waitForHydration(page);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 844 });
        await page.evaluate(() => window.scrollTo(0, 0));
        const found = [...(await overflowing(page)), ...(await covered(page))];
        if (found.length === 0) continue;
        problems.push(...found.map((line) => `${url} at ${width} px: ${line}`));
        const name = `${lang}-${width}-${url.replace(/[^a-zA-Z0-9]+/g, "_")}.png`;
        await page.screenshot({ path: `${SHOTS}/${name}` });
      }
    }
    console.log(`layout sweep (${lang}): ${walk.urls.length} pages × ${WIDTHS.length} widths in ${Math.round((Date.now() - started) / 1000)} s`);
    expect(problems).toEqual([]);
  });
}
