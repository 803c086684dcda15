/**
 * The dependency rules of ADR 014 (the kit and the parts: ADR 070): what may import what. `npm run lint:deps` (part of `npm test`) fails on any
 * violation; tests/unit/lint-rules.test.ts shows each rule catching a deliberate one.
 */
module.exports = {
  forbidden: [
    {
      name: "widget-imports-kit-only",
      comment: "A widget reaches the app and the contracts only through widgets/kit/, the host interface (ADR 070).",
      severity: "error",
      from: { path: "^widgets/(?!kit/|parts/)" },
      to: { path: "^(app|contracts|server)/" },
    },
    {
      name: "widget-stays-in-its-folder",
      comment: "A widget folder imports its own files, the kit and the shared parts, never another widget's folder.",
      severity: "error",
      from: { path: "^widgets/([^/]+)/", pathNot: "^widgets/(kit|parts)/" },
      to: { path: "^widgets/[^/]+/", pathNot: ["^widgets/$1/", "^widgets/kit/", "^widgets/parts/"] },
    },
    {
      name: "part-imports-kit-only",
      comment: "A shared widget part reaches the app only through widgets/kit/; it may read the contracts it renders.",
      severity: "error",
      from: { path: "^widgets/parts/" },
      to: { path: "^(app|server)/" },
    },
    {
      name: "part-imports-no-widget",
      comment: "Parts are what widgets share: they import the kit and other parts, never a widget's folder.",
      severity: "error",
      from: { path: "^widgets/parts/" },
      to: { path: "^widgets/[^/]+/", pathNot: "^widgets/(kit|parts)/" },
    },
    {
      name: "kit-imports-no-part-or-widget",
      comment: "The kit is the host's side of the door: it never reaches into the shared parts or a widget's folder.",
      severity: "error",
      from: { path: "^widgets/kit/" },
      to: { path: "^widgets/[^/]+/", pathNot: "^widgets/kit/" },
    },
    {
      name: "app-names-no-widget-folder",
      comment:
        "The app and the SSR server reach widgets through what npm run gen:types generates (widgets/registry.ts, widgets/native-forms.ts) and the kit's types: adding a widget edits no file outside its folder.",
      severity: "error",
      from: { path: "^(app|server)/" },
      to: { path: "^widgets/", pathNot: "^widgets/(registry\\.ts|native-forms\\.ts|kit/)" },
    },
    {
      name: "platform-imports-no-app",
      comment: "The embedded platform stands for an external service: it shares contracts and schemas, never front-end or SSR code.",
      severity: "error",
      from: { path: "^platform/" },
      to: { path: "^(app|widgets|server)/" },
    },
    {
      name: "area-queries-stay-in-area",
      comment: "A platform area's SQL is its own: another area calls its rules (or its index.server.ts), never its queries.",
      severity: "error",
      from: { path: "^platform/([^/]+)/" },
      to: { path: "^platform/[^/]+/queries", pathNot: "^platform/$1/" },
    },
    {
      name: "area-queries-stay-in-area",
      comment: "Nothing outside the platform's areas (its top-level modules, the SSR server, scripts, tests) imports an area's queries.",
      severity: "error",
      from: { pathNot: "^platform/[^/]+/" },
      to: { path: "^platform/[^/]+/queries" },
    },
    {
      name: "server-reaches-platform-through-its-entry",
      comment:
        "The SSR server talks to the platform as to the real one, over its HTTP interface (ADR 076): of the platform it imports only the entry that builds the embedded one and mounts its handlers. Its sockets too: the hubs are the platform's (platform/realtime/); the server checks an upgrade and hands it over through the entry's sockets().",
      severity: "error",
      from: { path: "^server/" },
      to: { path: "^platform/", pathNot: "^platform/index\\.server\\.ts$" },
    },
    {
      name: "contracts-import-neither-side",
      comment: "contracts/ is what the browser and the server share; it imports neither of them.",
      severity: "error",
      from: { path: "^contracts/" },
      to: { path: "^(app|widgets|server|page-configs)/" },
    },
    {
      name: "app-imports-no-server",
      comment: "The app runs in the browser too; the server hands it what it needs through AppServices.",
      severity: "error",
      from: { path: "^(app|widgets)/" },
      to: { path: "^server/" },
    },
    {
      name: "no-circular",
      comment: "Modules form no import cycles.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(schemas/generated|build|\\.react-router)/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
