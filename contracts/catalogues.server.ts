import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { catalogueFile, LANGUAGES, NAMESPACES, type Lang } from "./language";

export type Catalogue = Record<string, unknown>;
export type Catalogues = Record<Lang, Record<string, Catalogue>>;

/**
 * Reads each namespace's catalogue (contracts/locales/{lang}/{namespace}.json, or a widget's own, merged by npm run
 * gen:types into contracts/generated/locales) from the project root (the server's working directory). The site's
 * namespaces by default; the operations console reads its own "ops" namespace, which no public page ships.
 */
export function loadCatalogues(root = process.cwd(), namespaces: readonly string[] = NAMESPACES): Catalogues {
  const catalogues = {} as Catalogues;
  for (const lang of LANGUAGES) {
    catalogues[lang] = {};
    for (const namespace of namespaces) {
      const file = join(root, catalogueFile(lang, namespace));
      catalogues[lang][namespace] = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Catalogue) : {};
    }
  }
  return catalogues;
}
