import { loadCatalogues } from "@contracts/catalogues.server";

/** The media and analytics screens' texts (contracts/locales/{zh,en}/opsLibrary.json), sent by those screens only. */
export const opsLibraryCatalogues = loadCatalogues(process.cwd(), ["opsLibrary"]);
