/**
 * The platform's request contracts at work (ADR 104): each path a named call makes has one in contracts/requests/,
 * precompiled into schemas/generated/requests.validators.js. Handlers check what they are sent themselves, with
 * messages of their own (a form's, "deviceId is required", a key that names nothing answered 404), and those answers
 * stay as they are. What no handler check caught never ends as a 500: a request that breaks its contract and whose
 * handler failed is answered with a 400 naming the field, in the caller's language.
 */
import type { ErrorObject } from "ajv";
import { requestValidators } from "@schemas/generated/requests.validators.js";
import { say } from "./language.server.ts";

/** The request as the router read it. */
type Sent = { headers: Headers; params: Record<string, unknown> };

/** The envelope of a refused request (the router's Envelope), with every refused field's message. */
export interface ContractRefusal {
  code: 400;
  message: string;
  data: { fields: Record<string, string> };
}

/** The field an error is about: the missing one, or the first step of where the wrong value is. */
function fieldOf(error: ErrorObject): string {
  if (error.keyword === "required") return (error.params as { missingProperty: string }).missingProperty;
  return error.instancePath.replace(/^\//, "").split("/")[0] || "_form";
}

function messageFor(context: Sent, error: ErrorObject, field: string): string {
  return error.keyword === "required"
    ? say(context, `缺少参数 ${field}`, `Missing parameter: ${field}`)
    : say(context, `参数 ${field} 的值无效`, `Invalid value for parameter: ${field}`);
}

/**
 * The refusal of a request whose parameters break its path's request contract, or null when they keep it (or the
 * path has none). Blank texts and nulls count as missing, as in validateBody; values are checked on a copy, since query and
 * form-encoded values arrive as text and the check reads them as the numbers and flags they stand for.
 */
export function refusedByContract(path: string, context: Sent): ContractRefusal | null {
  const validate = requestValidators[path];
  if (!validate) return null;
  const sent = Object.fromEntries(
    Object.entries(structuredClone(context.params)).filter(([, value]) => value !== null && !(typeof value === "string" && !value.trim())),
  );
  if (validate(sent)) return null;
  const fields: Record<string, string> = {};
  for (const error of validate.errors ?? []) {
    const field = fieldOf(error);
    fields[field] ??= messageFor(context, error, field);
  }
  return { code: 400, message: Object.values(fields)[0], data: { fields } };
}
