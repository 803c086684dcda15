/** The images people upload (avatars, posts, profiles): stored under random names, served with their variants. */
export { fileRoutes } from "./routes.server.ts";
export { isStoredImageUrl, storeImage, uploadsDirFor } from "./rules.server.ts";
