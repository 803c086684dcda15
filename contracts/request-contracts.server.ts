/**
 * The platform API's request contracts (ADR 104): one JSON Schema per path a named call makes, in contracts/requests/,
 * describing what the call sends (a GET's query, a POST's body). A contract whose `x-form` names a form of
 * schemas/forms/ takes that form's fields, which the platform validates the body with, and lists only the fields sent
 * beside them. Types are generated from them into contracts/generated/requests.ts, validators (for the platform's
 * check of its writes) into schemas/generated/requests.validators.js.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { JsonSchema } from "./api-contracts.server.ts";

export const REQUESTS_DIR = join(import.meta.dirname, "requests");

export type RequestContract = JsonSchema & { "x-path": string; "x-form"?: string; title: string };

/** Every request contract by its path ("/comment/add"), which each file names in `x-path`. */
export function readRequestContracts(directory = REQUESTS_DIR): Map<string, RequestContract> {
  const contracts = new Map<string, RequestContract>();
  if (!existsSync(directory)) return contracts;
  for (const file of readdirSync(directory)
    .filter((name) => name.endsWith(".json"))
    .sort()) {
    const schema = JSON.parse(readFileSync(join(directory, file), "utf8")) as RequestContract;
    contracts.set(schema["x-path"], schema);
  }
  return contracts;
}

/**
 * The part of a contract the platform checks with it: all of it but the closing of its fields (other callers may send
 * more), and of a form's request only the fields beside the form, which the handler validates with the form.
 */
export function checkedPart(contract: RequestContract): JsonSchema {
  const { "x-path": _path, "x-form": _form, title: _title, description: _description, additionalProperties: _closed, ...schema } = contract;
  return schema;
}
