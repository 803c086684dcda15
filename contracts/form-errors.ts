import type { ErrorObject } from "ajv";

/**
 * Turns a precompiled form validator's errors into one i18n key per field (the first rule that failed),
 * the same on the server (one message in the answer) and in the browser (a message under each field).
 * Keys come from the schemas' errorMessage (namespace:key); "_form" holds errors about the whole form.
 */
export function fieldErrors(errors: ErrorObject[] | null | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const error of errors ?? []) {
    if (error.keyword !== "errorMessage") continue;
    const original = (error.params as { errors?: ErrorObject[] }).errors?.[0];
    // A missing top-level field is reported at that field; one missing inside an array's entry, at the array.
    const missing = original?.keyword === "required" && !error.instancePath ? (original.params as { missingProperty: string }).missingProperty : null;
    const field = missing ?? (error.instancePath.replace(/^\//, "").split("/")[0] || "_form");
    if (!(field in result) && error.message) result[field] = error.message;
  }
  return result;
}
