/** Jobs and recruitment (/recruit/*, ADR 025): openings of universities, central banks, funds and institutes. */
export { jobRoutes } from "./routes.server.ts";
export { seedJobs } from "./seed.server.ts";
