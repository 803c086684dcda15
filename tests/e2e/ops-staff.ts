/** The console's staff in the browser suite: tests/e2e/serve.ts creates them, the console specs sign in as them. */
export const OPS_TEST_STAFF = {
  admin: { username: "e2e-admin", password: "admin-e2e-password", role: "admin" },
  publisher: { username: "e2e-publisher", password: "publisher-e2e-password", role: "publisher" },
  editor: { username: "e2e-editor", password: "editor-e2e-password", role: "editor" },
} as const;
