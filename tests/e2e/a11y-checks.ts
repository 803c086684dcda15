/**
 * The two checks every accessibility test makes on an open page: axe-core (WCAG 2.1 A and AA) serious or critical
 * violations, and interactive elements smaller than 40×40 px (a link inside a sentence is exempt, as WCAG 2.5.8
 * exempts it). Shared by the full sweep (accessibility.spec.ts) and the core pages CI checks (accessibility-core.spec.ts).
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const MIN_TARGET = 40;

/** Serious and critical axe violations on the open page, one line per rule with the first elements it names. */
export async function axeProblems(page: Page): Promise<string[]> {
  // Legacy mode runs axe in the page itself: the default opens a blank page per analysis to merge frames' results, and
  // our pages have no frames to merge. Only violations are collected in full (passes are the slow part).
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ["violations"] })
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.nodes.length}): ${violation.nodes
          .slice(0, 4)
          .map((node) => node.target.join(" "))
          .join(" | ")}`,
    );
}

/** Interactive elements smaller than MIN_TARGET in either direction, described by tag, class and text. */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=tab], [role=switch]";
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      // A seat map is drawn to the hall's scale: WCAG 2.5.8 exempts a presentation that is essential (data-essential-layout).
      if (element.closest("[inert], [aria-hidden=true], [data-essential-layout]")) continue;
      const style = getComputedStyle(element);
      if (style.visibility === "hidden" || Number(style.opacity) === 0) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // A control drawn through its label (a styled checkbox or radio) is tapped on the label.
      const label = element instanceof HTMLInputElement ? element.closest("label") : null;
      const target = label ? label.getBoundingClientRect() : box;
      if (target.width >= min && target.height >= min) continue;
      // WCAG 2.5.8's inline exception: a link inside a sentence.
      const inSentence =
        style.display === "inline" &&
        [...(element.parentElement?.childNodes ?? [])].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
      if (inSentence) continue;
      const name = (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 20);
      found.push(`${element.tagName.toLowerCase()}.${[...element.classList].join(".")} "${name}" ${Math.round(target.width)}×${Math.round(target.height)}`);
    }
    return [...new Set(found)];
  }, MIN_TARGET);
}
