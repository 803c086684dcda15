import type { Lang } from "@contracts/language";

type Catalogue = Record<string, unknown>;

/**
 * Each catalogue file is its own build asset (Vite emits a JSON module per file, named by its content hash), so the
 * browser fetches a namespace the first page did not bring once and caches it for good (ADR 028).
 */
const files = import.meta.glob<Catalogue>("../../contracts/locales/*/*.json", { import: "default" });

export function fetchCatalogue(lang: Lang | string, namespace: string): Promise<Catalogue> {
  const load = files[`../../contracts/locales/${lang}/${namespace}.json`];
  if (!load) return Promise.reject(new Error(`No catalogue ${lang}/${namespace}`));
  return load();
}
