import { type RouteConfig, route } from "@react-router/dev/routes";

/** One route renders every page config; "/" needs its own entry because a splat does not match it. */
export default [route("/", "routes/page.tsx", { id: "routes/index" }), route("*", "routes/page.tsx")] satisfies RouteConfig;
