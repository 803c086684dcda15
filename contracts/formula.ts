import type Katex from "katex";

/**
 * How a formula's TeX becomes MathML, one rule for the platform (which renders formulas when rich text is saved) and the
 * editors (which preview a formula while it is typed), so the preview is what the saved text will show.
 */
const KATEX_OPTIONS = { output: "mathml", throwOnError: true, trust: false, strict: "ignore", maxSize: 20, maxExpand: 200 } as const;

/** The `<math>` element of a formula (KaTeX's wrapping span dropped), or null when KaTeX cannot read the source. */
export function formulaMathml(katex: typeof Katex, source: string, display: boolean): string | null {
  try {
    const math = katex.renderToString(source, { ...KATEX_OPTIONS, displayMode: display }).match(/<math[\s\S]*<\/math>/);
    return math ? math[0] : null;
  } catch {
    return null;
  }
}
