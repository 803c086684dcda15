/**
 * docs/architecture.md shows the import graph the code has today: the test cruises the real imports as
 * `npm run docs:architecture` does (about 20–40 s on this machine) and compares the generated section.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ARCHITECTURE_FILE, areaOf, currentEdges, renderGraph, withGraph } from "../../scripts/architecture-graph";

describe("the architecture page", () => {
  it("puts each file in its area, tests beside their code with the tests", () => {
    expect(areaOf("platform/orders.server.ts")).toBe("platform");
    expect(areaOf("server/app.server.ts")).toBe("server");
    expect(areaOf("widgets/kit/page.ts")).toBe("kit");
    expect(areaOf("widgets/parts/vote-parts.tsx")).toBe("parts");
    expect(areaOf("widgets/hero/component.tsx")).toBe("widgets");
    expect(areaOf("widgets/hero/hero.test.tsx")).toBe("tests");
    expect(areaOf("vite.config.ts")).toBe("buildConfig");
  });

  it("draws product edges in the diagram and every edge in the table", () => {
    const graph = renderGraph([
      { from: "app", to: "contracts", imports: 3, typeOnly: 1, dynamic: 0 },
      { from: "tests", to: "app", imports: 2, typeOnly: 0, dynamic: 1 },
    ]);
    expect(graph).toContain("  app -->|3| contracts");
    expect(graph).not.toContain("tests -->");
    expect(graph).toContain("| tests/ | app/ | 2 | 0 | 1 | imports |");
  });

  it("is current (run `npm run docs:architecture` after changing imports between areas)", { timeout: 240_000 }, async () => {
    const page = readFileSync(ARCHITECTURE_FILE, "utf8");
    expect(withGraph(page, await currentEdges()) === page, "docs/architecture.md is out of date: npm run docs:architecture").toBe(true);
  });
});
