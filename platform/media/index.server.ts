/** The seed's media as a CDN would serve them: items' posters, drawn from their titles, and audio chapters by signed URL. */
export { embeddedMediaRoutes } from "./routes.server.ts";
export { posterSvg, wrapTitle } from "./poster.server.ts";
