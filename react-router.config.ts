import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  // BUILD_DIR lets several builds of one checkout exist side by side (a bench beside a test run); the server reads the same variable.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: true,
  future: { v8_middleware: true },
} satisfies Config;
