import type { TemplateName } from "./start";

// The templates are read from the repository's folder at build time, one chunk each, fetched when chosen.
const files = import.meta.glob<Record<string, unknown>>("../../../page-configs/templates/*.json", { import: "default" });

/** A template's config, as the repository holds it (checked by npm run check:configs like every page config). */
export async function loadTemplate(name: TemplateName): Promise<Record<string, unknown>> {
  const load = files[`../../../page-configs/templates/${name}.json`];
  if (!load) throw new Error(`no template ${name}`);
  return structuredClone(await load());
}
