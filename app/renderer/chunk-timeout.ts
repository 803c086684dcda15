/** Spec §9: a page's code that has not arrived within 120 s has failed, not hung. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** The error a code load that ran out of time rejects with; the page shows its failure state and a retry. */
export class ChunkLoadTimeout extends Error {
  constructor() {
    super(`The page's code did not arrive within ${CHUNK_LOAD_TIMEOUT_MS / 1000} s`);
    this.name = "ChunkLoadTimeout";
  }
}

/**
 * The loading of a page's code, given up after 120 s: a browser waits on a stalled module request for as long as the
 * connection stays open, so the time-out is ours. The late chunk may still arrive; a retry then finds it loaded.
 */
export function withinChunkTimeout<T>(loading: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadTimeout()), CHUNK_LOAD_TIMEOUT_MS);
  });
  return Promise.race([loading, timeout]).finally(() => clearTimeout(timer));
}
