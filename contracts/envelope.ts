/** The platform's answer to every call (spec §7, §8), as the browser, our server and the embedded platform read it. */
export interface ApiEnvelope<T = unknown> {
  code: number;
  message?: string;
  data?: T;
  datas?: unknown;
}

/** Codes the platform uses for success on reads (200) and on several account calls (1). */
export const SUCCESS_CODES: ReadonlySet<number> = new Set([200, 1]);

/** The platform's answer for an item that does not exist. */
export const NOT_FOUND_CODE = 404;

export function isSuccess(envelope: { code: number }): boolean {
  return SUCCESS_CODES.has(envelope.code);
}
