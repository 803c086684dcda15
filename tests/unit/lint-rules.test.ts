/**
 * The linter and the dependency rules fail on a deliberate violation of each kind. A throwaway tree under the
 * system's temp folder holds one file per rule; the project's own configurations judge it.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
const bin = (name: string) => join(root, "node_modules", ".bin", name);
let probe = "";

function write(file: string, text: string) {
  mkdirSync(dirname(join(probe, file)), { recursive: true });
  writeFileSync(join(probe, file), text);
}

/** Runs a command that is expected to fail, and returns what it printed. */
function failing(command: string, args: string[]): string {
  try {
    execFileSync(command, args, { cwd: probe, stdio: "pipe", encoding: "utf8" });
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    return `${stdout}\n${stderr}`;
  }
  throw new Error(`${command} ${args.join(" ")} passed, but the probe tree breaks its rules`);
}

beforeAll(() => {
  probe = mkdtempSync(join(tmpdir(), "lint-probe-"));
  cpSync(join(root, ".dependency-cruiser.cjs"), join(probe, ".dependency-cruiser.cjs"));
  write("tsconfig.json", JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "~/*": ["./app/*"] } } }));
  write("app/stores/session.ts", "export const $user = 1;\n");
  write("app/cycle-a.ts", 'import { b } from "./cycle-b";\nexport const a = () => b;\n');
  write("app/cycle-b.ts", 'import { a } from "./cycle-a";\nexport const b = () => a;\n');
  write("app/reaches-server.ts", 'import { secret } from "../server/secret.server";\nexport const leaked = secret;\n');
  write("server/secret.server.ts", "export const secret = 1;\n");
  write("widgets/kit/page.ts", 'export { $user } from "~/stores/session";\n');
  write("widgets/other/component.tsx", "export const other = 1;\n");
  write("app/names-widget.ts", 'import { other } from "../widgets/other/component";\nexport const named = other;\n');
  write("widgets/registry.ts", 'export const widgetRegistry = { other: () => import("./other/component") };\n');
  write("app/reads-registry.ts", 'import { widgetRegistry } from "../widgets/registry";\nexport const registry = widgetRegistry;\n');
  write("widgets/kit/reaches-widget.ts", 'export { other } from "../other/component";\n');
  write("widgets/parts/shared.tsx", 'import { $user } from "../kit/page";\nexport const shared = $user;\n');
  write("widgets/kit/reaches-part.ts", 'export { shared } from "../parts/shared";\n');
  write("widgets/parts/reaches-app.ts", 'import { $user } from "~/stores/session";\nexport const reached = $user;\n');
  write("widgets/parts/reaches-widget.ts", 'export { other } from "../other/component";\n');
  write(
    "widgets/uses-part/component.tsx",
    'import { shared } from "../parts/shared";\nimport { $user } from "../kit/page";\nexport const fine = [shared, $user];\n',
  );
  write(
    "widgets/probe/component.tsx",
    'import { $user } from "~/stores/session";\nimport { other } from "../other/component";\nexport const probe = [$user, other];\n',
  );
  write("platform/probe.server.ts", 'import { $user } from "~/stores/session";\nexport const probe = $user;\n');
  write("platform/reaches-ssr.server.ts", 'import { secret } from "../server/secret.server";\nexport const reached = secret;\n');
  write("contracts/probe.ts", 'import { $user } from "../app/stores/session";\nexport const probe = $user;\n');
  const biome = JSON.parse(readFileSync(join(root, "biome.json"), "utf8")) as Record<string, unknown>;
  delete biome.vcs;
  delete biome.files;
  biome.$schema = undefined;
  write("biome.json", JSON.stringify(biome));
  write(
    "lint-probe.ts",
    'import { unused } from "./elsewhere";\nexport function compare(value: number) {\n  if (value == 1) return "one";\n  return "other";\n}\nexport const   spaced={a:1}\n',
  );
});

afterAll(() => rmSync(probe, { recursive: true, force: true }));

describe("dependency rules", () => {
  it("name every deliberate violation: widget → app, widget → other widget, kit → widget, kit → part, part → app, part → widget, app → widget folder, platform → app, platform → SSR server, contracts → app, app → server, a cycle", () => {
    const output = failing(bin("depcruise"), [
      "app",
      "widgets",
      "server",
      "platform",
      "contracts",
      "--config",
      ".dependency-cruiser.cjs",
      "--output-type",
      "err",
    ]);
    expect(output).toMatch(/widget-imports-kit-only: widgets\/probe\/component\.tsx → app\/stores\/session\.ts/);
    expect(output).toMatch(/widget-stays-in-its-folder: widgets\/probe\/component\.tsx → widgets\/other\/component\.tsx/);
    expect(output).toMatch(/kit-imports-no-part-or-widget: widgets\/kit\/reaches-widget\.ts → widgets\/other\/component\.tsx/);
    expect(output).toMatch(/kit-imports-no-part-or-widget: widgets\/kit\/reaches-part\.ts → widgets\/parts\/shared\.tsx/);
    expect(output).toMatch(/part-imports-kit-only: widgets\/parts\/reaches-app\.ts → app\/stores\/session\.ts/);
    expect(output).toMatch(/part-imports-no-widget: widgets\/parts\/reaches-widget\.ts → widgets\/other\/component\.tsx/);
    expect(output).toMatch(/platform-imports-no-app: platform\/probe\.server\.ts → app\/stores\/session\.ts/);
    expect(output).toMatch(/platform-imports-no-app: platform\/reaches-ssr\.server\.ts → server\/secret\.server\.ts/);
    expect(output).toMatch(/contracts-import-neither-side: contracts\/probe\.ts → app\/stores\/session\.ts/);
    expect(output).toMatch(/app-imports-no-server: app\/reaches-server\.ts → server\/secret\.server\.ts/);
    expect(output).toMatch(/no-circular: app\/cycle-(a|b)\.ts/);
    expect(output).toMatch(/app-names-no-widget-folder: app\/names-widget\.ts → widgets\/other\/component\.tsx/);
    expect(output).not.toMatch(/widgets\/kit\/page\.ts →/);
    // A widget may import the kit and the parts, and a part the kit: the allowed paths stay quiet.
    expect(output).not.toMatch(/widgets\/uses-part\/component\.tsx →/);
    expect(output).not.toMatch(/widgets\/parts\/shared\.tsx →/);
    expect(output).not.toMatch(/app\/reads-registry\.ts →/);
  }, 60_000);
});

describe("area queries rule", () => {
  it("names an area reaching into another area's queries, and a top-level platform module doing so, but not the area's own rules", () => {
    write("platform/orders/queries.server.ts", "export const orderById = 1;\n");
    write("platform/orders/rules.server.ts", 'import { orderById } from "./queries.server";\nexport const rule = orderById;\n');
    write("platform/points/rules.server.ts", 'import { orderById } from "../orders/queries.server";\nexport const reached = orderById;\n');
    write("platform/wiring.server.ts", 'import { orderById } from "./orders/queries.server";\nexport const wired = orderById;\n');
    const output = failing(bin("depcruise"), ["platform", "--config", ".dependency-cruiser.cjs", "--output-type", "err"]);
    expect(output).toMatch(/area-queries-stay-in-area: platform\/points\/rules\.server\.ts → platform\/orders\/queries\.server\.ts/);
    expect(output).toMatch(/area-queries-stay-in-area: platform\/wiring\.server\.ts → platform\/orders\/queries\.server\.ts/);
    expect(output).not.toMatch(/platform\/orders\/rules\.server\.ts →/);
  }, 60_000);
});

describe("the SSR server's way to the platform", () => {
  it("refuses a server module reaching into a platform module, and lets it import the platform's entry", () => {
    write("platform/index.server.ts", "export const createEmbeddedPlatform = () => 1;\n");
    write("platform/accounts.server.ts", "export const publicName = () => 1;\n");
    write(
      "server/mounts-platform.server.ts",
      'import { createEmbeddedPlatform } from "../platform/index.server";\nexport const mounted = createEmbeddedPlatform;\n',
    );
    write("server/reaches-platform.server.ts", 'import { publicName } from "../platform/accounts.server";\nexport const reached = publicName;\n');
    const output = failing(bin("depcruise"), ["server", "platform", "--config", ".dependency-cruiser.cjs", "--output-type", "err"]);
    expect(output).toMatch(/server-reaches-platform-through-its-entry: server\/reaches-platform\.server\.ts → platform\/accounts\.server\.ts/);
    expect(output).not.toMatch(/server\/mounts-platform\.server\.ts →/);
  }, 60_000);
});

describe("linter", () => {
  it("fails on an unused import, a loose equality and unformatted code", () => {
    const output = failing(bin("biome"), ["check", "lint-probe.ts"]);
    expect(output).toContain("lint/correctness/noUnusedImports");
    expect(output).toContain("lint/suspicious/noDoubleEquals");
    expect(output).toMatch(/lint-probe\.ts format/);
  }, 60_000);
});
