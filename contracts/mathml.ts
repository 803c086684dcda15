/**
 * The MathML that KaTeX writes with `output: "mathml"` (formulas in articles and answers, rendered on the server), as an
 * allow-list of element → attributes for the sanitisers on both sides. Presentation attributes only: no href, no
 * style, no class, nothing that names a URL, so a formula can change how text looks and nothing else.
 */
export const KATEX_MATHML: Readonly<Record<string, readonly string[]>> = {
  math: ["xmlns", "display"],
  semantics: [],
  annotation: ["encoding"],
  mrow: [],
  mi: ["mathvariant"],
  mn: ["mathvariant"],
  mo: ["fence", "separator", "stretchy", "symmetric", "largeop", "movablelimits", "lspace", "rspace", "minsize", "maxsize", "mathvariant"],
  ms: [],
  mtext: ["mathvariant"],
  mspace: ["width", "height", "depth", "linebreak"],
  msup: [],
  msub: [],
  msubsup: [],
  mfrac: ["linethickness"],
  msqrt: [],
  mroot: [],
  mover: ["accent"],
  munder: ["accentunder"],
  munderover: [],
  mtable: ["rowspacing", "columnalign", "columnspacing", "columnlines", "rowlines", "frame", "framespacing", "width"],
  mtr: [],
  mtd: ["columnalign"],
  mlabeledtr: [],
  mstyle: ["mathcolor", "mathbackground", "mathsize", "scriptlevel", "displaystyle"],
  mpadded: ["width", "height", "depth", "lspace", "voffset"],
  mphantom: [],
  menclose: ["notation"],
};
