/**
 * Paths of the platform's HTTP interface that the SSR server calls by name (ADR 076), shared so the platform that
 * serves them and the server that asks cannot drift apart.
 */

/**
 * The operations console's internal paths (ADR 052): our server calls them after it checked the staff member, and
 * never forwards a browser's /api call to them.
 */
export const OPS_CONSOLE_PREFIX = "/opsConsole";

/** The seed's media as the embedded platform serves them: an item's SVG poster (`?id=&lang=`), a signed audio chapter (`?file=&exp=&sig=`). */
export const PLATFORM_MEDIA = { poster: "/media/poster", audio: "/media/audio" } as const;
