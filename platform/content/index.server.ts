/**
 * The items catalogue (lives, meetings, videos and their specials, papers, reports, books, banners): lists, details,
 * type tags, related items and the item search. Other areas list items and shape them through this entry.
 */
export { contentRoutes } from "./routes.server.ts";
export { listItems, searchKinds, toItem, type ListOptions } from "./rules.server.ts";
export type { ItemRow } from "./queries.server.ts";
export { searchPhrase } from "./search-phrase.server.ts";
