/** The header through which a page tells the server how long its anonymous HTML may be reused (ADR 009). */
export const PAGE_CACHE_HEADER = "X-Page-Cache-Seconds";
