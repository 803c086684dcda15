/**
 * The server's rich-text sanitiser against payloads generated from the known evasion classes — tags × event handlers,
 * URL-bearing attributes × script-capable schemes in their encodings, and broken markup (unclosed, nested, comments,
 * CDATA, svg/math namespaces, mutation XSS) — judged on the OUTPUT as a browser would tokenise it: every "<" opens an
 * allowed element, no attribute is a handler or outside the allow-list, no URL has a scheme that runs script. Then
 * formulas: $…$ and $$…$$ become MathML, never inside code, and a formula KaTeX cannot read stays as its source.
 */
import { describe, expect, it } from "vitest";
import { cleanRichText, plainText, renderRichText, sanitizeRichText } from "@platform/rich-text/index.server";
import { KATEX_MATHML } from "@contracts/mathml";
import { sanitizeHtml } from "@widgets/kit/sanitize-html";
import { formulaPreview } from "@widgets/parts/formula-preview";

const WRITER_TAGS: Record<string, string[]> = {
  ...Object.fromEntries(
    ["h1", "h2", "h3", "h4", "h5", "h6", "p", "div", "span", "br", "hr", "ul", "li", "strong", "b", "em", "i", "u", "s", "del", "sub", "sup"]
      .concat(["blockquote", "code", "pre", "table", "caption", "thead", "tbody", "tfoot", "tr"])
      .map((tag) => [tag, []]),
  ),
  ol: ["start"],
  a: ["href", "title", "target", "rel"],
  img: ["src", "alt", "title", "width", "height"],
  th: ["colspan", "rowspan", "align"],
  td: ["colspan", "rowspan", "align"],
};
const ALLOWED: Record<string, readonly string[]> = { ...WRITER_TAGS, ...KATEX_MATHML };

const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  colon: ":",
  tab: "\t",
  newline: "\n",
  sol: "/",
  lpar: "(",
  rpar: ")",
};

/** An attribute value as the browser reads it: character references decoded, with or without their semicolon. */
function decode(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1].toLowerCase() === "x" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "\ufffd";
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

/** What a browser does with a URL before reading its scheme: drops tabs and line breaks, trims C0 controls and spaces. */
function urlScheme(value: string): string {
  const url = decode(value).replace(/[\t\n\r]/g, "");
  let start = 0;
  while (start < url.length && url.charCodeAt(start) <= 0x20) start++;
  return url.slice(start).toLowerCase();
}

/** The problems a browser tokenising this HTML would meet: anything executable or outside the allow-list. */
function problems(html: string): string[] {
  const found: string[] = [];
  let index = html.indexOf("<");
  while (index !== -1) {
    const tag = /^<(\/?)([a-zA-Z][^\s/>]*)/.exec(html.slice(index));
    if (!tag) {
      found.push(`"<" that does not open an element: ${html.slice(index, index + 30)}`);
      index = html.indexOf("<", index + 1);
      continue;
    }
    const name = tag[2].toLowerCase();
    if (!(name in ALLOWED)) found.push(`element <${name}>`);
    // Attributes as the HTML tokenizer reads them, up to the tag's end.
    let position = index + tag[0].length;
    const attributePattern = /\s*([^\s"'>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]*))?|\s*\/|\s*(>)/y;
    for (;;) {
      attributePattern.lastIndex = position;
      const attribute = attributePattern.exec(html);
      if (!attribute || attribute[3]) {
        position = attribute ? attributePattern.lastIndex : html.length;
        break;
      }
      position = attributePattern.lastIndex;
      if (!attribute[1]) continue;
      const attributeName = attribute[1].toLowerCase();
      const value = (attribute[2] ?? "").replace(/^["']|["']$/g, "");
      if (attributeName.startsWith("on")) found.push(`handler ${attributeName} on <${name}>`);
      if (!(ALLOWED[name] ?? []).includes(attributeName)) found.push(`attribute ${attributeName} on <${name}>`);
      if (["href", "src", "action", "formaction", "xlink:href", "data", "poster", "srcdoc"].includes(attributeName)) {
        const url = urlScheme(value);
        if (/^(javascript|vbscript|data|livescript|mocha):/.test(url)) found.push(`${attributeName}=${value}`);
        if (!/^(https?:\/\/|\/[^/\\]|#)/.test(url)) found.push(`${attributeName} not http(s) or local: ${value}`);
      }
      if (attributeName === "style") found.push("style attribute");
    }
    index = html.indexOf("<", position);
  }
  return found;
}

const TAGS = ["img", "svg", "a", "iframe", "body", "div", "input", "video", "details", "math", "marquee", "x", "p", "table", "select"];
const EVENTS = ["onerror", "onload", "onclick", "ONMOUSEOVER", "oNfOcUs", "ontoggle", "onanimationstart", "onpointerenter", "onbegin", "onauxclick"];
const SCHEMES = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  "java&#x09;script:alert(1)",
  "&#106;avascript:alert(1)",
  "&#x6A;avascript:alert(1)",
  "&#0000106&#0000097vascript:alert(1)",
  "javascript&colon;alert(1)",
  "javas&Tab;cript:alert(1)",
  "%6Aavascript:alert(1)",
  "\u0001javascript:alert(1)",
  "\\u006Aavascript:alert(1)",
  "vbscript:msgbox(1)",
  "VBScript:msgbox(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "data:image/svg+xml,<svg onload=alert(1)>",
  "DATA:text/html,<script>alert(1)</script>",
  "livescript:alert(1)",
  "/&#x2f;evil.example/x",
  "/\\evil.example",
];
const URL_ATTRIBUTES: [string, string][] = [
  ["a", "href"],
  ["img", "src"],
  ["form", "action"],
  ["button", "formaction"],
  ["iframe", "src"],
  ["object", "data"],
  ["embed", "src"],
  ["base", "href"],
  ["link", "href"],
  ["video", "poster"],
  ["area", "href"],
];
const BROKEN = [
  "<scr<script>ipt>alert(1)</script>",
  '<img """><script>alert(1)</script>">',
  '<a href="javascript:alert(1)"',
  "<img src=x onerror=alert(1)//",
  '<img src="x" onerror="alert(1)"',
  "<!--<img src=x onerror=alert(1)>-->",
  "<!--> <img src=x onerror=alert(1)> -->",
  "<style><img src=x onerror=alert(1)></style>",
  "<style>@import 'javascript:alert(1)';</style><p>x</p>",
  "<textarea><img src=x onerror=alert(1)></textarea>",
  "<title><img src=x onerror=alert(1)></title>",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  "<noscript><style></noscript><img src=x onerror=alert(1)>",
  "<svg><style><img src=x onerror=alert(1)></style></svg>",
  '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;img src=1 onerror=alert(1)&gt;">',
  "<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>",
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  "<math><mi><![CDATA[</mi><img src=x onerror=alert(1)>]]></mi></math>",
  "<![CDATA[><script>alert(1)</script>]]>",
  "<?xml-stylesheet href=javascript:alert(1)?><p>x</p>",
  '<math><a xlink:href="javascript:alert(1)">x</a></math>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="0" y="9">x</text></a></svg>',
  "<svg/onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  "<svg><animate onbegin=alert(1) attributeName=x dur=1s>",
  "<template><img src=x onerror=alert(1)></template>",
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<div style="x:expression(alert(1))">x</div>',
  "<img src=x:alert(alt) onerror=eval(src) alt=0>",
  "<<script>alert(1);//<</script>",
  "<script src=https://evil.example/x.js?< b >",
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '<a/href="javascript:alert(1)">x</a>',
  "<img/src=x/onerror=alert(1)>",
  "<img src=`javascript:alert(1)`>",
  "<p><b><i><a href=javascript:alert(1)>nested</i></b></p>",
  "<div><p><table><tr><td><img src=x onerror=alert(1)></td></tr></table></p></div>",
  '<a href="https://ok.example" onclick="alert(1)" rel="opener" target="_top">x</a>',
  '<p title="&quot;><img src=x onerror=alert(1)>">x</p>',
  "<xmp><img src=x onerror=alert(1)></xmp>",
  "<noembed><img src=x onerror=alert(1)></noembed>",
  "<select><template><img src=x onerror=alert(1)></template></select>",
  "<table><caption><svg><img src=x onerror=alert(1)></svg></caption></table>",
  '<img src="https://ok.example/a.png" srcset="javascript:alert(1) 1x">',
  '<a href="#" formaction="javascript:alert(1)">x</a>',
  "<p>text</p\n><img src=x onerror=alert(1)>",
  "<img\nsrc=x\nonerror=alert(1)>",
  "<img\u000csrc=x\u000conerror=alert(1)>",
];
/** Formulas are rendered after sanitising: KaTeX's MathML must not carry links, classes or styles from the TeX. */
const IN_FORMULAS = [
  "<p>$\\href{javascript:alert(1)}{x}$</p>",
  "<p>$\\url{javascript:alert(1)}$</p>",
  "<p>$\\htmlClass{x}{y}$ $\\htmlStyle{color:red}{y}$ $\\htmlId{a}{b}$ $\\htmlData{a=b}{c}$</p>",
  "<p>$&lt;img src=x onerror=alert(1)&gt;$</p>",
  "<p>$\\text{&lt;script&gt;alert(1)&lt;/script&gt;}$</p>",
  "<p>$$\\includegraphics{javascript:alert(1)}$$</p>",
  "<p>$\\color{javascript:alert(1)}{x}$ $\\textcolor{red}{y}$</p>",
  '<p>$x" onerror="alert(1)$</p>',
];

const PAYLOADS = [
  ...TAGS.flatMap((tag) => EVENTS.map((event) => `<${tag} ${event}=alert(1) src=x>text</${tag}>`)),
  ...URL_ATTRIBUTES.flatMap(([tag, attribute]) => SCHEMES.map((scheme) => `<${tag} ${attribute}="${scheme}">x</${tag}>`)),
  ...SCHEMES.map((scheme) => `<a href='${scheme}'>single</a><a href=${scheme.replace(/\s/g, "")}>bare</a>`),
  ...BROKEN,
  ...IN_FORMULAS,
];

describe("the sanitiser against generated XSS payloads", () => {
  it(`has at least 200 payloads (${PAYLOADS.length})`, () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(200);
  });

  it.each(PAYLOADS.map((payload) => [payload]))("leaves nothing executable of %j", (payload) => {
    const sanitized = sanitizeRichText(payload);
    const rendered = renderRichText(sanitized);
    expect(problems(sanitized)).toEqual([]);
    expect(problems(rendered)).toEqual([]);
    // The browser sanitises again what it renders; it must find the same HTML safe, and leave it as it is.
    expect(problems(sanitizeHtml(rendered))).toEqual([]);
    expect(sanitizeHtml(rendered)).toBe(rendered);
  });

  it("detects what it must: the checker itself refuses each kind of problem", () => {
    expect(problems('<img src=x onerror="alert(1)">')).toContain("handler onerror on <img>");
    expect(problems('<a href="jav&#x09;ascript:alert(1)">x</a>')).toContain("href=jav&#x09;ascript:alert(1)");
    expect(problems("<script>alert(1)</script>")).toContain("element <script>");
    expect(problems("<!-- x -->")).toHaveLength(1);
    expect(problems('<p style="color:red">x</p>')).toContain("style attribute");
  });
});

describe("what writers keep", () => {
  it("keeps headings, paragraphs, lists, emphasis, quotes, code, tables, safe links and our images", () => {
    const html = [
      "<h2>方法</h2><p>用 <strong>双重差分</strong> 和 <em>事件研究</em>。</p>",
      '<ul><li>一</li></ul><ol start="3"><li>三</li></ol><blockquote>引用</blockquote><pre><code>y ~ x</code></pre>',
      '<table><thead><tr><th colspan="2">表</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>',
      '<a href="https://www.nber.org/papers" target="_blank">NBER</a><a href="/essayInfo?id=3">站内</a>',
      '<img src="/api/file/download?name=0123456789abcdef0123456789abcdef.png" alt="图"><img src="https://img.example/a.png">',
    ].join("");
    const clean = cleanRichText(html);
    for (const kept of [
      "<h2>方法</h2>",
      "<strong>双重差分</strong>",
      "<em>事件研究</em>",
      '<ol start="3">',
      "<blockquote>",
      "<pre><code>y ~ x</code></pre>",
      '<th colspan="2">',
    ]) {
      expect(clean).toContain(kept);
    }
    expect(clean).toContain('<a rel="noopener noreferrer nofollow" href="https://www.nber.org/papers" target="_blank">NBER</a>');
    expect(clean).toContain('<a rel="noopener noreferrer nofollow" href="/essayInfo?id=3">');
    expect(clean).toContain('<img src="/api/file/download?name=0123456789abcdef0123456789abcdef.png" alt="图">');
    expect(clean).toContain('<img src="https://img.example/a.png">');
  });

  it("drops images from anywhere but our uploads and https, and links to anything but http(s), paths and anchors", () => {
    expect(cleanRichText('<img src="http://img.example/a.png"><img src="/etc/passwd">')).toBe("<img><img>");
    expect(cleanRichText('<a href="ftp://x.example/">x</a><a href="//evil.example/">y</a>')).toBe(
      '<a rel="noopener noreferrer nofollow">x</a><a rel="noopener noreferrer nofollow">y</a>',
    );
  });
});

describe("hostile sizes", () => {
  it("sanitises 100 KB of start tags that never close in linear time, dropping them as a browser would", () => {
    for (const flood of ["<script ".repeat(12_000), "<svg/".repeat(19_000), `<p>kept</p><style a=${"x".repeat(90_000)}`]) {
      const started = Date.now();
      const clean = sanitizeRichText(flood);
      expect(Date.now() - started).toBeLessThan(200);
      expect(clean).not.toMatch(/script|svg|style/i);
    }
    expect(sanitizeRichText("<p>kept</p><script ")).toBe("<p>kept</p>");
  });
});

describe("formulas", () => {
  it("renders $…$ inline as MathML with its TeX kept as an annotation", () => {
    const html = cleanRichText("<p>超额收益 $x^2$ 很小</p>");
    expect(html).toMatch(/^<p>超额收益 <math xmlns="http:\/\/www.w3.org\/1998\/Math\/MathML"><semantics><mrow><msup><mi>x<\/mi><mn>2<\/mn><\/msup><\/mrow>/);
    expect(html).toContain('<annotation encoding="application/x-tex">x^2</annotation>');
    expect(html).not.toContain('display="block"');
    expect(html).not.toMatch(/class=|style=/);
  });

  it("previews a formula in the editor exactly as the saved text will show it, and says when it cannot be read", async () => {
    const beta = String.raw`\beta = \frac{Cov(R_i, R_m)}{Var(R_m)}`;
    const inline = await formulaPreview(beta, false);
    expect(inline).toMatch(/^<math[^>]*><semantics>/);
    expect(renderRichText(`<p>CAPM: $${beta}$</p>`)).toBe(`<p>CAPM: ${inline}</p>`);
    const display = await formulaPreview("\\sum_{t=1}^{T} r_t", true);
    expect(display).toContain('display="block"');
    expect(renderRichText("<p>$$\\sum_{t=1}^{T} r_t$$</p>")).toBe(`<p>${display}</p>`);
    expect(await formulaPreview("\\frac{1}{", false)).toBeNull();
  });

  it("renders $$…$$ as a display block", () => {
    const html = cleanRichText("<p>$$\\hat\\delta = \\frac{1}{n}\\sum_{i=1}^{n} y_i$$</p>");
    expect(html).toContain('<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">');
    expect(html).toContain("<mfrac>");
    expect(html).toContain("<munderover>");
  });

  it("reads the formula as the writer typed it, entities included", () => {
    expect(cleanRichText("<p>$a < b$ and $c &amp; d$</p>")).toContain("<mo>&lt;</mo>");
  });

  it("leaves code and pre untouched", () => {
    const html = "<p>Run <code>echo $HOME$</code></p><pre>cost = $5 + $x$</pre>";
    expect(cleanRichText(html)).toBe(html);
  });

  it("keeps a formula KaTeX cannot read as its source, and prices as prices", () => {
    expect(cleanRichText("<p>$\\frac{1}{$ bad</p>")).toBe("<p>$\\frac{1}{$ bad</p>");
    expect(cleanRichText("<p>$$\\begin{matrix}$$</p>")).toBe("<p>$$\\begin{matrix}$$</p>");
    expect(cleanRichText("<p>It costs $5 and $10.</p>")).toBe("<p>It costs $5 and $10.</p>");
    expect(cleanRichText("<p>\\$x$ is literal</p>")).toBe("<p>$x$ is literal</p>");
  });

  it("survives hostile formulas quickly: endless macros, deep nesting, and a text made of thousands of formulas", () => {
    const started = Date.now();
    expect(cleanRichText("<p>$\\def\\x{\\x}\\x$</p>")).not.toContain("<math");
    expect(cleanRichText(`<p>$${"\\underbrace{".repeat(150)}x${"}".repeat(150)}$</p>`)).toContain("<math");
    // An article renders on every read: 100 KB of "$a$" must not turn into megabytes of MathML and a busy server.
    const flood = renderRichText(sanitizeRichText(`<p>${"$a$ ".repeat(24_000)}</p>`));
    expect(flood.length).toBeLessThan(500_000);
    expect(flood.match(/<math/g)?.length).toBe(400);
    expect(flood).toContain("$a$ $a$");
    // Big arrays cost KaTeX about 10 ms each: at most 20 000 characters of formulas are rendered per text.
    const array = `$\\begin{array}{cccccccccc}${"x&x&x&x&x&x&x&x&x&x\\\\".repeat(90)}\\end{array}$ `;
    expect(array.length).toBeLessThan(2000);
    const arrays = renderRichText(sanitizeRichText(`<p>${array.repeat(30)}</p>`));
    expect(arrays.match(/<math/g)?.length).toBe(Math.floor(20_000 / (array.length - 3)));
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("keeps formulas as source when only sanitising (what the editor shows again)", () => {
    expect(sanitizeRichText("<p>$x^2$</p>")).toBe("<p>$x^2$</p>");
    expect(renderRichText(sanitizeRichText("<p>$x^2$</p>"))).toContain("<math");
  });
});

describe("plainText", () => {
  it("gives the words without markup or a formula's TeX twice, for risk words, empty checks and summaries", () => {
    expect(plainText("<h2>标题</h2><p>正文&amp;<b>加粗</b></p><p><br></p>")).toBe("标题 正文&加粗");
    expect(plainText(cleanRichText("<p>$x^2$</p>"))).toBe("x2");
    expect(plainText("<p> <br> </p>")).toBe("");
    expect(plainText("<p>代<b>写论</b>文</p>")).toBe("代写论文");
  });
});
