import * as xssModule from "xss";
import { KATEX_MATHML } from "@contracts/mathml";

/**
 * xss is CommonJS and sets most of its exports in a loop, which Node's ESM loader cannot see as named exports:
 * in the server build `import { getDefaultWhiteList } from "xss"` fails to load. Read them off module.exports.
 */
const xss = (xssModule as unknown as { default?: typeof xssModule }).default ?? xssModule;
const { FilterXSS, getDefaultWhiteList, safeAttrValue } = xss;

const allowed = getDefaultWhiteList();
for (const tag of ["audio", "video", "source"]) delete allowed[tag];
// Formulas in articles and answers arrive as MathML the server rendered with KaTeX (presentation attributes only).
for (const [tag, attributes] of Object.entries(KATEX_MATHML)) allowed[tag] = [...attributes];
// Links written in articles carry rel="noopener noreferrer nofollow" from the server's sanitiser; keep it.
allowed.a = [...(allowed.a ?? []), "rel"];
const SAFE_URL = /^(https?:\/\/|\/(?!\/)|#)/i;

/** HTML from the platform keeps its formatting and loses scripts, handlers, inline styles and script URLs. */
const filter = new FilterXSS({
  whiteList: allowed,
  stripIgnoreTag: true,
  // Elements whose content goes with them. Void elements such as <embed> have no closing tag to end a body, so
  // xss would leave a visible "[removed]"; stripIgnoreTag removes them as it does any tag outside the allow-list.
  stripIgnoreTagBody: ["script", "style", "iframe", "object", "template"],
  safeAttrValue: (tag, name, value, cssFilter) => {
    if ((name === "href" || name === "src") && !SAFE_URL.test(value.trim())) return "";
    return safeAttrValue(tag, name, value, cssFilter);
  },
});

/** The browser's one sanitiser for stored HTML: `RichHtml`, the richText widget and restored drafts go through it. */
export function sanitizeHtml(html: string): string {
  return filter.process(html);
}
