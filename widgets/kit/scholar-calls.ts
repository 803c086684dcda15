/**
 * The scholar workspace's platform calls (ADR 060), apart from ./api: defining calls is code that runs, so in ./api
 * every page with an API-calling widget would load them; only the scholar workspace and verification widgets do.
 */
export { scholarCalls } from "~/api/call-table";
