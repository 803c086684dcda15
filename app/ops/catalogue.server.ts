import { loadCatalogues } from "@contracts/catalogues.server";

/** The console's texts (contracts/locales/{zh,en}/ops.json and opsEditor.json): sent by the /ops layout only, never with a public page. */
export const opsCatalogues = loadCatalogues(process.cwd(), ["ops", "opsEditor"]);
