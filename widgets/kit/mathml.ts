/** The MathML KaTeX writes for formulas the server renders, which the rich-text sanitiser lets through. */
export { KATEX_MATHML } from "@contracts/mathml";
