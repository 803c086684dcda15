/**
 * A widget's texts (ADR 068): its own catalogue (widgets/<folder>/texts.{zh,en}.json) has the same keys in both
 * languages, and every text key a widget's code names literally (`t("key")`, `t("namespace:key")`) exists in zh and
 * in en, in the namespace its module's useTranslation names, or the one the key names.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCatalogues } from "@contracts/catalogues.server";
import { LANGUAGES, NAMESPACES } from "@contracts/language";
import { widgetFolders, widgetTexts } from "../../scripts/widget-folders";

const root = join(import.meta.dirname, "..", "..");
const catalogues = loadCatalogues(root);

/** Every text key of a catalogue, with plural suffixes folded into the key they belong to. */
function keysOf(node: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(node).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === "object") return keysOf(value as Record<string, unknown>, path);
    return [path.replace(/_(zero|one|two|few|many|other)$/, "")];
  });
}

const keySets = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, Object.fromEntries(NAMESPACES.map((namespace) => [namespace, new Set(keysOf(catalogues[lang][namespace]))]))]),
);

/** The literal keys a module looks up, each with the namespaces it may be in: the one it names, else its module's. */
function literalKeys(source: string): { key: string; namespaces: string[] }[] {
  const declared = [...source.matchAll(/useTranslation\(\s*(?:\[\s*)?(?:"([^"]+)")?/g)].map((match) => match[1] ?? "common");
  return [...source.matchAll(/\bt\(\s*"([^"$]+)"/g)].map(([, key]) => {
    const named = /^(\w+):(.+)$/.exec(key);
    return named ? { key: named[2], namespaces: [named[1]] } : { key, namespaces: declared.length ? declared : ["common"] };
  });
}

function sourcesOf(folder: string): string[] {
  const dir = join(root, "widgets", folder);
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => join(dir, file));
}

describe("a widget's own texts", () => {
  it("the widgets with texts in their folder are found", () => {
    expect(widgetTexts().map(({ folder }) => folder)).toContain("live-chat");
  });

  it.each(widgetTexts().map((texts) => [texts.folder, texts] as const))("widgets/%s has the same keys in zh and en", (_folder, { catalogues: own }) => {
    expect(keysOf(own.en).sort()).toEqual(keysOf(own.zh).sort());
    expect(keysOf(own.zh).length).toBeGreaterThan(0);
  });
});

describe("every key a widget's code names", () => {
  it("finds the keys of a module, named or in its useTranslation namespace", () => {
    const source = 'const { t } = useTranslation(["liveChat", "common"]);\nt("chat.title"); t("common:actions.send", { x: 1 });';
    expect(literalKeys(source)).toEqual([
      { key: "chat.title", namespaces: ["liveChat"] },
      { key: "actions.send", namespaces: ["common"] },
    ]);
  });

  it.each(widgetFolders().map(({ folder }) => [folder]))("widgets/%s: exists in zh and in en", (folder) => {
    const missing: string[] = [];
    for (const file of sourcesOf(folder)) {
      for (const { key, namespaces } of literalKeys(readFileSync(file, "utf8"))) {
        for (const lang of LANGUAGES) {
          if (!namespaces.some((namespace) => keySets[lang][namespace]?.has(key)))
            missing.push(`${lang} ${namespaces.join("|")}:${key} (${file.slice(root.length + 1)})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
