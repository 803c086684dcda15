/**
 * What the content and conference suites share: checking a page shows real, resolved data in a language.
 */
import type { Page } from "@playwright/test";
import { expect, waitForHydration } from "./fixtures";
import type { Lang } from "./platform-support";

/** Text that would mean a binding, a catalogue key or a value did not resolve. */
export const PLACEHOLDER = /\{(query|data|t|item|user)\.|undefined|NaN|\[object Object\]|\b(common|home|video|doc|person|spec|meeting|live):[a-zA-Z]/;
export const CJK = /[\u4e00-\u9fff]/;

/**
 * Opens a page and checks it: 200, its config rendered, no widget failed, no placeholder text, hydrated, and the
 * main text in the language: the expected texts of that language shown, those of the other language absent.
 */
export async function openPage(page: Page, path: string, lang: Lang, expected: string[], absent: string[] = []): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await waitForHydration(page);
  const pagePath = path.split("?")[0];
  const root = page.locator(`[data-page="${pagePath}"]`);
  await expect(root).toBeVisible();
  await expect(root.locator("[data-widget-failed], .skeleton")).toHaveCount(0);
  for (const text of expected) await expect(root.getByText(text, { exact: false }).first(), `${path} (${lang}) shows ${text}`).toBeVisible();
  for (const text of absent) await expect(root.getByText(text, { exact: false }), `${path} (${lang}) does not show ${text}`).toHaveCount(0);
  const shown = await root.innerText();
  expect(shown).not.toMatch(PLACEHOLDER);
  if (lang === "zh") expect(shown).toMatch(CJK);
  await expect(page).toHaveTitle(lang === "zh" ? /[\u4e00-\u9fff]/ : /[A-Za-z]/);
}
