/** The root sends the served paths packed (app/routing/page-paths.ts); what the browser unpacks must be the list itself. */
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { loadCatalogues } from "@contracts/catalogues.server";
import { loadPageEntries, servedPaths } from "@server/page-configs.server";
import { packPagePaths, unpackPagePaths } from "~/routing/page-paths";

const root = join(import.meta.dirname, "..", "..");

describe("packPagePaths", () => {
  it("unpacks to exactly the served paths of page-configs/, in fewer bytes than the list", () => {
    const paths = servedPaths(loadPageEntries(join(root, "page-configs"), loadCatalogues(root)));
    const packed = packPagePaths(paths);
    expect(unpackPagePaths(packed)).toEqual(new Set(paths));
    expect(packed.length).toBeLessThan(JSON.stringify(paths).length * 0.75);
  });

  it("keeps paths that share more than a digit can say, digits after the shared part, and one-path and empty lists", () => {
    const long = `/${"a".repeat(40)}`;
    const paths = [`${long}x`, `${long}y`, "/2022acde", "/2023CFMEF", "/liveSpec", "/liveSpec2", "/liveSpec3"];
    expect(unpackPagePaths(packPagePaths(paths))).toEqual(new Set(paths));
    expect(unpackPagePaths(packPagePaths(["/home"]))).toEqual(new Set(["/home"]));
    expect(unpackPagePaths(packPagePaths([]))).toEqual(new Set());
  });
});
