/**
 * The platform API's answer contracts (ADR 067): one JSON Schema per path in contracts/api/, describing the `data` of
 * the answer's envelope, the value widgets are given. Recorded from the seeded platform by `npm run contracts:record`,
 * then reviewed by hand; types are generated from them into contracts/generated/api.ts.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

export type JsonSchema = {
  title?: string;
  description?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  [keyword: string]: unknown;
};

export const CONTRACTS_DIR = join(import.meta.dirname, "api");

/** "/mpPaper/detail" → "mpPaper.detail.json": one file per path, named after it. */
export function contractFileName(apiPath: string): string {
  return `${apiPath.slice(1).split("/").join(".")}.json`;
}

/** "/mpPaper/detail" → "MpPaperDetailAnswer": the generated type's name. */
export function contractTypeName(apiPath: string): string {
  const words = apiPath.split(/[/._-]+/).filter(Boolean);
  return `${words.map((word) => word[0].toUpperCase() + word.slice(1)).join("")}Answer`;
}

/** The contract of a path, or null when none is recorded. */
export function readContract(apiPath: string, directory = CONTRACTS_DIR): JsonSchema | null {
  const file = join(directory, contractFileName(apiPath));
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as JsonSchema) : null;
}

/** Every recorded contract by its path ("/mpPaper/detail"), which each file names in `x-path`. */
export function readContracts(directory = CONTRACTS_DIR): Map<string, JsonSchema> {
  const contracts = new Map<string, JsonSchema>();
  if (!existsSync(directory)) return contracts;
  for (const file of readdirSync(directory)
    .filter((name) => name.endsWith(".json"))
    .sort()) {
    const schema = JSON.parse(readFileSync(join(directory, file), "utf8")) as JsonSchema & { "x-path": string };
    contracts.set(schema["x-path"], schema);
  }
  return contracts;
}
