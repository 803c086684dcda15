import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * One of the seed's data files in platform/seed/, as written there: the seed's texts and records are data; the seed
 * modules' functions place them in time and insert them.
 */
export function seedData<T>(file: string): T {
  return JSON.parse(readFileSync(join(import.meta.dirname, "..", "seed", file), "utf8")) as T;
}
