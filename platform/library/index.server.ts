export { libraryRoutes } from "./routes.server.ts";
