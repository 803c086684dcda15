import { catalogueFile } from "@contracts/language";

type Catalogue = Record<string, unknown>;

/**
 * Each catalogue file is its own build asset (Vite emits a JSON module per file, named by its content hash), so the
 * browser fetches a namespace the first page did not bring once and caches it for good (ADR 028). A widget's own texts
 * are merged into contracts/generated/locales by npm run gen:types (ADR 068).
 */
const files = import.meta.glob<Catalogue>(["../../contracts/locales/*/*.json", "../../contracts/generated/locales/*/*.json"], { import: "default" });

export function fetchCatalogue(lang: string, namespace: string): Promise<Catalogue> {
  const load = files[`../../${catalogueFile(lang, namespace)}`];
  if (!load) return Promise.reject(new Error(`No catalogue ${lang}/${namespace}`));
  return load();
}
