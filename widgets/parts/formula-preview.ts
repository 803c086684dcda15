import { formulaMathml } from "@contracts/formula";

/**
 * A formula as the platform will render it when the text is saved (the same KaTeX, the same options), for the editors'
 * preview while it is typed; null when KaTeX cannot read it (saved, it stays as its source). KaTeX is fetched on the
 * first preview, never with a page.
 */
export async function formulaPreview(source: string, display: boolean): Promise<string | null> {
  const { default: katex } = await import("katex");
  return formulaMathml(katex, source.trim(), display);
}
