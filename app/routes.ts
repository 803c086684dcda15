import { type RouteConfig, index, route } from "@react-router/dev/routes";

/**
 * One route renders every page config; "/" needs its own entry because a splat does not match it. The operations
 * console (/ops) has routes of its own, before the splat; its previews and API are the server's (server/ops).
 */
export default [
  route("/", "routes/page.tsx", { id: "routes/index" }),
  route("ops", "routes/ops.tsx", [
    index("routes/ops._index.tsx"),
    route("login", "routes/ops.login.tsx"),
    route("edit", "routes/ops.edit.tsx"),
    route("audit", "routes/ops.audit.tsx"),
    route("searches", "routes/ops.searches.tsx"),
    route("robot", "routes/ops.robot.tsx"),
    route("media", "routes/ops.media.tsx"),
    route("analytics", "routes/ops.analytics.tsx"),
    route("staff", "routes/ops.staff.tsx"),
    route("password", "routes/ops.password.tsx"),
  ]),
  route("*", "routes/page.tsx"),
] satisfies RouteConfig;
