import { describe, expect, it, vi } from "vitest";
import { FilterXSS } from "xss";
import { loadSanitiser } from "../../widgets/parts/html-safety";
import { sanitizeHtml } from "../../widgets/kit/sanitize-html";

const ARTICLE = `<p>由 <math><mi>β</mi></math> 可得</p><script>alert(1)</script><a href="javascript:x()">link</a>`;

describe("the server's sanitiser (issue 32)", () => {
  it("sanitises each distinct stored text once and answers every read with the same output", async () => {
    const sanitise = await loadSanitiser();
    const process = vi.spyOn(FilterXSS.prototype, "process");
    const first = sanitise(ARTICLE);
    const again = sanitise(`${ARTICLE}`);
    expect(first).toBe(sanitizeHtml(ARTICLE));
    expect(again).toBe(first);
    expect(first).not.toContain("<script");
    expect(first).not.toContain("javascript:");
    // Once for the first read, once for the comparison with the kit's own sanitiser; never for the second read.
    expect(process).toHaveBeenCalledTimes(2);
    sanitise("<p>another text</p>");
    expect(process).toHaveBeenCalledTimes(3);
    process.mockRestore();
  });

  it("takes an empty text (a draft with no body yet) like any other", async () => {
    const sanitise = await loadSanitiser();
    expect(sanitise("")).toBe("");
    expect(sanitise("")).toBe("");
  });
});
