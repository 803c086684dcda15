import type { VisibleWhen } from "@schemas/generated/page-config";
import { resolveBindings, type BindingScope } from "~/pipeline/bindings";

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === "") return true;
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Decides a widget's visibleWhen: its bound value compared with constants, never evaluated as code. */
export function isVisible(condition: VisibleWhen | undefined, scope: BindingScope): boolean {
  if (!condition) return true;
  const value = resolveBindings(condition.value, scope);
  if (condition.present !== undefined && isEmpty(value) === condition.present) return false;
  if (condition.equals !== undefined && value !== condition.equals) return false;
  if (condition.notEquals !== undefined && value === condition.notEquals) return false;
  if (condition.in !== undefined && !condition.in.includes(value as string | number)) return false;
  return true;
}
