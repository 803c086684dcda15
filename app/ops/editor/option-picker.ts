/**
 * What RJSF asks its validator while it builds a form: which alternative of an anyOf/oneOf a value is (a zh/en pair
 * or a binding, a number or a text) and which of a schema's conditions hold. The console answers from the value's
 * shape (type, required properties, constants), never by compiling a schema (strict CSP, ADR 006). Checking the
 * config is the generated validator's job (./problems.ts); the form runs with noValidate and shows those problems.
 */
import type { RJSFSchema, ValidatorType } from "@rjsf/utils";

type Schema = RJSFSchema & Record<string, unknown>;

function resolve(schema: Schema, root: Schema): Schema {
  let current = schema;
  for (let depth = 0; typeof current.$ref === "string" && depth < 10; depth++) {
    const path = current.$ref.replace(/^#\//, "").split("/");
    let target: unknown = root;
    for (const segment of path) target = (target as Record<string, unknown> | undefined)?.[segment];
    if (!target || typeof target !== "object") return {};
    current = target as Schema;
  }
  return current;
}

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function typeMatches(expected: unknown, value: unknown): boolean {
  const actual = typeOf(value);
  const types = Array.isArray(expected) ? expected : [expected];
  return types.some((type) => type === actual || (type === "number" && actual === "integer"));
}

/** Whether a value has the shape a schema describes, as far as telling alternatives apart needs. */
export function hasShape(rawSchema: unknown, value: unknown, root: Schema): boolean {
  if (rawSchema === true || rawSchema === undefined) return true;
  if (rawSchema === false || !rawSchema || typeof rawSchema !== "object") return false;
  const schema = resolve(rawSchema as Schema, root);
  if (schema.type !== undefined && !typeMatches(schema.type, value)) return false;
  if (schema.const !== undefined && schema.const !== value) return false;
  if (Array.isArray(schema.enum) && !schema.enum.includes(value as never)) return false;
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    if (Array.isArray(schema.required) && schema.required.some((name) => !(name in object))) return false;
    const properties = (schema.properties ?? {}) as Record<string, unknown>;
    for (const [name, property] of Object.entries(properties)) {
      if (name in object && !hasShape(property, object[name], root)) return false;
    }
  }
  if (Array.isArray(schema.anyOf) && !schema.anyOf.some((option) => hasShape(option, value, root))) return false;
  if (Array.isArray(schema.oneOf) && !schema.oneOf.some((option) => hasShape(option, value, root))) return false;
  if (Array.isArray(schema.allOf) && !schema.allOf.every((part) => hasShape(part, value, root))) return false;
  return true;
}

export const optionPicker: ValidatorType = {
  isValid: (schema, formData, rootSchema) => hasShape(schema, formData, rootSchema as Schema),
  // The form never validates (noValidate): the console's problems come from the generated validator.
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  rawValidation: () => ({}),
};
