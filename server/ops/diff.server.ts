import type { OpsChange } from "@contracts/ops.ts";

const escapePointer = (key: string) => key.replace(/~/g, "~0").replace(/\//g, "~1");

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The changes from one config to another as JSON pointers (RFC 6901): objects key by key, arrays index by index (a
 * widget inserted at the top shows as changes down the list and one added at the end, as a reviewer reads a list).
 */
export function diffConfigs(before: unknown, after: unknown, pointer = ""): OpsChange[] {
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => {
      const at = `${pointer}/${escapePointer(key)}`;
      if (!(key in after)) return [{ op: "removed" as const, pointer: at, before: before[key] }];
      if (!(key in before)) return [{ op: "added" as const, pointer: at, after: after[key] }];
      return diffConfigs(before[key], after[key], at);
    });
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const changes: OpsChange[] = [];
    for (let index = 0; index < Math.max(before.length, after.length); index++) {
      const at = `${pointer}/${index}`;
      if (index >= after.length) changes.push({ op: "removed", pointer: at, before: before[index] });
      else if (index >= before.length) changes.push({ op: "added", pointer: at, after: after[index] });
      else changes.push(...diffConfigs(before[index], after[index], at));
    }
    return changes;
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [{ op: "changed", pointer: pointer || "/", before, after }];
}
