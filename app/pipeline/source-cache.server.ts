import { LRUCache } from "lru-cache";
import type { SourceCache } from "./request-source";

/**
 * The server's cache of public source answers: at most `max` entries, each for its source's cacheSeconds. The clock is
 * the services' own (tests move it), read at every lookup (ttlResolution 0) rather than cached for a millisecond.
 */
export function createSourceCache(now: () => number, max = 500): SourceCache {
  return new LRUCache({ max, ttlResolution: 0, perf: { now } });
}
