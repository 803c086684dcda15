import type { ErrorObject } from "ajv";
import { validatePageConfig } from "@schemas/generated/validate-page-config.js";
import type { OpsProblem } from "@contracts/ops.ts";

function describeError(error: ErrorObject): string {
  switch (error.keyword) {
    case "additionalProperties":
      return `unknown property "${(error.params as { additionalProperty: string }).additionalProperty}"`;
    case "required":
      return `missing required property "${(error.params as { missingProperty: string }).missingProperty}"`;
    case "enum":
      return `must be one of: ${(error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(", ")}`;
    case "anyOf":
      return "does not match any allowed form (a zh/en pair, or text with bindings such as {t.home.title})";
    case "oneOf":
      return "must match exactly one allowed form";
    case "pattern":
      return `has an invalid format (must match ${(error.params as { pattern: string }).pattern})`;
    default:
      return error.message ?? error.keyword;
  }
}

/** ajv's raw errors, made readable: one message per pointer, no if/then noise, anyOf children folded. */
function readableSchemaErrors(errors: ErrorObject[]): OpsProblem[] {
  const anyOfPointers = new Set(errors.filter((e) => e.keyword === "anyOf").map((e) => e.instancePath));
  const seen = new Set<string>();
  const problems: OpsProblem[] = [];
  for (const error of errors) {
    if (error.keyword === "if") continue;
    if (error.keyword !== "anyOf" && anyOfPointers.has(error.instancePath)) continue;
    const message = describeError(error);
    const key = `${error.instancePath}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({ pointer: error.instancePath || "/", message });
  }
  return problems;
}

/**
 * The page-config schema check (the precompiled validator, ADR 006), apart from the cross-reference checks so the
 * platform's store can refuse a config that fails the schema without reaching into the app's code (ADR 014).
 * Fills in the schema's defaults, as the validator does. Empty when the value is a valid page config.
 */
export function schemaProblems(value: unknown): OpsProblem[] {
  return validatePageConfig(value) ? [] : readableSchemaErrors(validatePageConfig.errors ?? []);
}
