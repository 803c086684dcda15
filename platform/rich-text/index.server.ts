import * as xssModule from "xss";
import katex from "katex";
import { KATEX_MATHML } from "@contracts/mathml.ts";
import { formulaMathml } from "@contracts/formula.ts";

/**
 * Rich text people write (articles, questions, answers): an allow-list sanitiser that runs on the server when the text
 * is saved, and formulas rendered on the server with KaTeX as MathML, which needs no stylesheet, font or script in the
 * browser. The browser re-sanitises what it renders (widgets/kit/sanitize-html.ts) with the same MathML allow-list.
 */

// xss is CommonJS and sets most exports in a loop, which Node's ESM loader cannot see as named exports.
const xss = (xssModule as unknown as { default?: typeof xssModule }).default ?? xssModule;
const { FilterXSS, escapeAttrValue } = xss;

/** What a writer may use: structure, emphasis, links, images, quotes, code and tables — no attributes beyond these. */
const WRITER_TAGS: Record<string, string[]> = {
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  p: [],
  div: [],
  span: [],
  br: [],
  hr: [],
  ul: [],
  ol: ["start"],
  li: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  del: [],
  sub: [],
  sup: [],
  a: ["href", "title", "target"],
  img: ["src", "alt", "title", "width", "height"],
  blockquote: [],
  code: [],
  pre: [],
  table: [],
  caption: [],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: ["colspan", "rowspan", "align"],
  td: ["colspan", "rowspan", "align"],
};

/**
 * A link goes to http(s), a path of this site or an anchor. Tabs and line breaks are refused anywhere because browsers
 * drop them from URLs ("/\t/evil" is "//evil"), and "/\" because browsers read a backslash as a slash.
 */
const SAFE_LINK = /^(https?:\/\/[^\s/\\]|\/(?![/\\])|#)/i;
/** An image comes from our own uploads or over https. */
const SAFE_IMAGE = /^(https:\/\/[^\s/\\]|\/api\/file\/download\?)/i;

/**
 * The URL a browser would read from an attribute value as written, or null when it is written in a way that hides what
 * it is: any character reference other than `&amp;` (browsers decode `&#106;` or `&colon;` before following the
 * link), control characters or line breaks.
 */
function readableUrl(value: string): string | null {
  const trimmed = value.trim();
  if ([...trimmed].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null;
  const withoutAmp = trimmed.replace(/&amp;/gi, "");
  if (/&[#a-z0-9]/i.test(withoutAmp)) return null;
  return trimmed.replace(/&amp;/gi, "&");
}

/** An unsafe link, image source or target is left out altogether (an empty string drops the attribute). */
function checkedAttribute(tag: string, name: string, value: string, isAllowed: boolean): string | undefined {
  if (!isAllowed) return undefined;
  if (name === "href" || name === "src") {
    const url = readableUrl(value);
    const pattern = tag === "img" ? SAFE_IMAGE : SAFE_LINK;
    return url !== null && pattern.test(url) ? `${name}="${escapeAttrValue(value.trim())}"` : "";
  }
  if (name === "target") return value.trim() === "_blank" ? 'target="_blank"' : "";
  return undefined;
}

function attributeValue(_tag: string, name: string, value: string): string {
  if (["colspan", "rowspan", "start", "width", "height"].includes(name)) {
    return /^\d{1,4}$/.test(value.trim()) ? value.trim() : "";
  }
  return escapeAttrValue(value);
}

/**
 * Elements whose content goes with them (a script's text, a style sheet, a foreign <svg>/<math> tree). One left open
 * takes the rest of the text with it, as a browser would read it. Other unknown tags lose only the tag. A start tag
 * that never closes (no ">" before the end) also takes the rest, as a browser drops a tag cut off by the end of the
 * text; answering it with "no match" instead made every such tag scan to the end again (100 KB of "<script " took a
 * second).
 */
const DROPPED_WITH_CONTENT = ["script", "style", "iframe", "object", "template", "noscript", "xmp", "noembed", "noframes", "title", "textarea", "svg", "math"];
const DROPPED_BODIES = new RegExp(`<(${DROPPED_WITH_CONTENT.join("|")})(?=[\\s/>])[^>]*(?:>[\\s\\S]*?(?:<\\/\\1\\s*>|$)|$)`, "gi");

function makeFilter(whiteList: Record<string, string[]>) {
  return new FilterXSS({ whiteList, stripIgnoreTag: true, allowCommentTag: false, onTagAttr: checkedAttribute, safeAttrValue: attributeValue });
}

/** Pass 1, on what the writer sent: no MathML of their own, so the only MathML is the one KaTeX writes. */
const writerFilter = makeFilter(WRITER_TAGS);
/** Pass 2, after formulas are rendered: the writer's tags plus KaTeX's MathML. */
const renderedFilter = makeFilter({
  ...WRITER_TAGS,
  ...Object.fromEntries(Object.entries(KATEX_MATHML).map(([tag, attrs]) => [tag, [...attrs]])),
});

/** Every link opens without giving the new page a handle on ours. Safe on this output: a "<" in text is "&lt;". */
function withLinkRel(html: string): string {
  return html.replace(/<a(?=[\s>])/g, '<a rel="noopener noreferrer nofollow"');
}

/** The writer's HTML, allow-listed, formulas left as their `$…$` source (what the editor shows again). */
export function sanitizeRichText(html: string): string {
  return writerFilter.process(html.replace(DROPPED_BODIES, ""));
}

/** Sanitised HTML → the HTML to read: formulas rendered as MathML, sanitised once more, links given their rel. */
export function renderRichText(sanitized: string): string {
  return withLinkRel(renderedFilter.process(renderFormulas(sanitized)));
}

/**
 * What made a stored rendering: KaTeX's version and ours. Raise ours with any change to what `renderRichText` writes
 * (the allow-lists, the formula rules, the link rel), so stored renderings are made again (ADR 049).
 */
export const RICH_TEXT_RENDERER = `katex ${katex.version}; rich text 1`;

/** Sanitise and render in one go, for text that is stored as it will be read (answers, questions). */
export function cleanRichText(html: string): string {
  return renderRichText(sanitizeRichText(html));
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * Text without markup, for risk-word checks, empty checks and summaries. A rendered formula counts once, by its
 * visible symbols (its TeX annotation is dropped).
 */
export function plainText(html: string): string {
  const withoutTags = html
    .replace(/<annotation[\s\S]*?<\/annotation>/gi, "")
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, "")
    .replace(/<\/?(p|div|br|li|h[1-6]|tr|blockquote|pre|hr)\b[^>]*>/gi, " ")
    .replace(/<[^>]*>/g, "");
  return decodeEntities(withoutTags).replace(/\s+/g, " ").trim();
}

/** Longest formula source we render; longer ones stay text (KaTeX's time grows with them). */
const MAX_FORMULA = 2000;
/**
 * What one text may spend on KaTeX: formulas tried and their source characters. 100 KB of "$a$" would otherwise cost
 * a third of a second and 4 MB of MathML per save (and per read where a stale rendering is read fresh, ADR 049); past
 * the budget formulas stay as their source.
 */
const FORMULA_BUDGET = { formulas: 400, chars: 20_000 };
type FormulaBudget = { formulas: number; chars: number };

function renderFormula(escapedSource: string, display: boolean, budget: FormulaBudget): string | null {
  const source = decodeEntities(escapedSource).trim();
  if (!source || source.length > MAX_FORMULA) return null;
  if (budget.formulas <= 0 || budget.chars < source.length) return null;
  budget.formulas -= 1;
  budget.chars -= source.length;
  return formulaMathml(katex, source, display);
}

/**
 * `$$…$$` (display) and `$…$` (inline) in one text node → MathML. An inline formula opens with "$" and a
 * non-space and closes with a non-space and "$" not followed by a digit, so "costs $5 and $10" stays prose;
 * `\$` is a literal dollar sign. A formula KaTeX cannot read stays as its source.
 */
function formulasInText(text: string, budget: FormulaBudget): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === "\\" && text[i + 1] === "$") {
      out += "$";
      i += 2;
      continue;
    }
    if (char !== "$") {
      out += char;
      i += 1;
      continue;
    }
    if (text[i + 1] === "$") {
      const end = text.indexOf("$$", i + 2);
      const math = end > i + 2 ? renderFormula(text.slice(i + 2, end), true, budget) : null;
      if (math) {
        out += math;
        i = end + 2;
      } else {
        out += "$$";
        i += 2;
      }
      continue;
    }
    const end = closingDollar(text, i + 1);
    const math = end > 0 ? renderFormula(text.slice(i + 1, end), false, budget) : null;
    if (math) {
      out += math;
      i = end + 1;
    } else {
      out += "$";
      i += 1;
    }
  }
  return out;
}

function closingDollar(text: string, from: number): number {
  if (from >= text.length || /\s/.test(text[from])) return -1;
  for (let j = from; j < text.length; j++) {
    if (text[j] === "\\") {
      j += 1;
      continue;
    }
    if (text[j] !== "$") continue;
    if (/\s/.test(text[j - 1]) || /\d/.test(text[j + 1] ?? "")) return -1;
    return j;
  }
  return -1;
}

/**
 * Renders formulas in the text between tags of sanitised HTML, never inside code or pre (where "$" is code). On this
 * input every "<" starts a tag: text "<" was escaped by the sanitiser.
 */
function renderFormulas(sanitized: string): string {
  if (!sanitized.includes("$")) return sanitized;
  const budget = { ...FORMULA_BUDGET };
  let codeDepth = 0;
  return sanitized
    .split(/(<[^>]*>)/)
    .map((part) => {
      if (part.startsWith("<")) {
        const tag = part.match(/^<(\/?)(code|pre)\b/i);
        if (tag) codeDepth = Math.max(0, codeDepth + (tag[1] ? -1 : 1));
        return part;
      }
      return codeDepth > 0 || !part.includes("$") ? part : formulasInText(part, budget);
    })
    .join("");
}
