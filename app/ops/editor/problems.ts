/**
 * The generated page-config validator's findings (schemas/generated/validate-page-config.js, the server's own check)
 * as problems an operator can act on: one per JSON pointer, at the field itself (a missing property at the property,
 * not at its parent), in the operator's language, and never the noise of the alternatives a value did not choose.
 */
import type { ErrorObject } from "ajv";
import type { TFunction } from "i18next";
import type { ErrorSchema } from "@rjsf/utils";
import type { OpsProblem } from "@contracts/ops";
import { validatePageConfig } from "@schemas/generated/validate-page-config.js";

/** Patterns of the shared definitions an operator meets, by what they mean (the rest are quoted). */
export interface KnownPatterns {
  [pattern: string]: string;
}

const escapePointer = (segment: string) => segment.replace(/~/g, "~0").replace(/\//g, "~1");
export const pointerSegments = (pointer: string): string[] =>
  pointer
    .split("/")
    .slice(1)
    .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"));

function pointerOf(error: ErrorObject): string {
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  if (error.keyword === "required" && params.missingProperty) return `${error.instancePath}/${escapePointer(params.missingProperty)}`;
  if (error.keyword === "additionalProperties" && params.additionalProperty) return `${error.instancePath}/${escapePointer(params.additionalProperty)}`;
  return error.instancePath;
}

function messageOf(error: ErrorObject, t: TFunction, patterns: KnownPatterns): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return t("ops:problems.required");
    case "additionalProperties":
      return t("ops:problems.unknownField");
    case "type":
      return t(`ops:problems.type.${String(params.type).replace(/,/g, "_")}`, { defaultValue: t("ops:problems.typeOther", { type: params.type }) });
    case "enum":
      return t("opsEditor:problems.enum", {
        values: (params.allowedValues as unknown[]).map((value) => choiceLabel(value, t)).join(t("opsEditor:listSeparator")),
      });
    case "const":
      return t("opsEditor:problems.enum", { values: choiceLabel(params.allowedValue, t) });
    case "format":
      return params.format === "date-time" ? t("ops:problems.dateTime") : t("ops:problems.format", { format: params.format });
    case "pattern": {
      // A pattern is explained in words, never quoted: an operator does not read regular expressions.
      const known = patterns[String(params.pattern)];
      return t(`opsEditor:problems.pattern.${known ?? "other"}`);
    }
    case "minLength":
      return Number(params.limit) === 1 ? t("ops:problems.empty") : t("ops:problems.minLength", { limit: params.limit });
    case "maxLength":
      return t("ops:problems.maxLength", { limit: params.limit });
    case "minimum":
      return t("ops:problems.minimum", { limit: params.limit });
    case "maximum":
      return t("ops:problems.maximum", { limit: params.limit });
    case "maxItems":
      return t("ops:problems.maxItems", { limit: params.limit });
    case "minItems":
      return t("ops:problems.minItems", { limit: params.limit });
    case "uniqueItems":
      return t("ops:problems.uniqueItems");
    case "anyOf":
      return t("ops:problems.anyOf");
    case "oneOf":
      return t("ops:problems.oneOf");
    default:
      return error.message ?? error.keyword;
  }
}

/**
 * Problems of a config by the generated validator. The validator fills in defaults as it checks, so it checks a copy:
 * the draft stays as the operator wrote it.
 */
export function schemaProblems(config: unknown, t: TFunction, patterns: KnownPatterns): OpsProblem[] {
  if (validatePageConfig(structuredClone(config))) return [];
  const errors = validatePageConfig.errors ?? [];
  // An alternative (anyOf) is told by what its chosen branch says: the branches whose type the value does not have
  // say nothing, and the anyOf itself speaks only when no branch has anything more precise to say.
  const anyOfAt = new Set(errors.filter((error) => error.keyword === "anyOf").map((error) => error.instancePath));
  const telling = errors.filter((error) => {
    if (error.keyword === "if") return false;
    if (error.keyword === "type" && anyOfAt.has(error.instancePath)) return false;
    return true;
  });
  const precise = new Set(telling.filter((error) => error.keyword !== "anyOf").map(pointerOf));
  const byPointer = new Map<string, string>();
  for (const error of telling) {
    const pointer = pointerOf(error);
    if (error.keyword === "anyOf" && [...precise].some((other) => other === pointer || other.startsWith(`${pointer}/`))) continue;
    if (!byPointer.has(pointer)) byPointer.set(pointer, messageOf(error, t, patterns));
  }
  return [...byPointer].map(([pointer, message]) => ({ pointer: pointer || "/", message }));
}

/** Problems as RJSF's errorSchema, so each message sits under its own field. */
export function errorSchemaOf(problems: OpsProblem[]): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const problem of problems) {
    let node = root;
    for (const segment of problem.pointer === "/" ? [] : pointerSegments(problem.pointer)) {
      node[segment] ??= {};
      node = node[segment] as Record<string, unknown>;
    }
    const errors = (node.__errors as string[] | undefined) ?? [];
    if (!errors.includes(problem.message)) node.__errors = [...errors, problem.message];
  }
  return root as ErrorSchema;
}

/** The form's element for a pointer: RJSF names a field root_<segments joined by _>, e.g. /publish/from → root_publish_from. */
export function fieldIdOf(pointer: string): string {
  return ["root", ...(pointer === "/" ? [] : pointerSegments(pointer))].join("_");
}

/** A choice's words (keep → 继续显示, teal → 青绿); the value itself for one the catalogue does not name. */
export function choiceLabel(value: unknown, t: TFunction): string {
  return t(`opsEditor:choices.${String(value)}`, { defaultValue: String(value) });
}

const related = (a: string, b: string) => a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`) || a === "/" || b === "/";

/**
 * Local problems in the operator's language first; the server's checks add only what they alone know: a server
 * problem at, inside or around a field that already has one is the same problem in other words (必填 and "missing
 * required property" once, not twice). A server problem with a code is worded in the operator's language.
 */
export function mergeProblems(local: OpsProblem[], server: OpsProblem[], t: TFunction): OpsProblem[] {
  const extra = server
    .filter((problem) => !local.some((own) => related(own.pointer, problem.pointer)))
    .map((problem) => (problem.code ? { ...problem, message: t(`opsEditor:problems.${problem.code}`, problem.params) } : problem));
  const unique = extra.filter((problem, index) => extra.findIndex((other) => other.pointer === problem.pointer) === index);
  return [...local, ...unique];
}
