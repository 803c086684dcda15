/**
 * A widget's styles are its own (issue 34): a widget never draws with a class that only another widget's stylesheet
 * defines, because that sheet is loaded only on pages that also show the other widget. The points-exchange detail used
 * the checkout's classes and lost all styling when opened from 兑换记录 or reloaded. A class a widget names may be
 * defined by its own folder's stylesheets, by the shell's (`app/styles.css`, on every page) or by the stylesheets of the
 * parts it imports (`widgets/parts/`, loaded with them); a class no stylesheet defines is a hook, not a dependency.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
const widgetsDir = join(root, "widgets");
const NOT_WIDGETS = new Set(["kit", "parts"]);

/** The classes a stylesheet defines (selectors only: comments and url() contents are left out). */
function classesDefinedBy(css: string): Set<string> {
  const selectors = css
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/url\([^)]*\)/g, "")
    .replace(/\{[^{}]*\}/g, "{}");
  return new Set([...selectors.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)].map((match) => match[1]));
}

/** The class names a component writes literally: className="a b" and the fixed words of className={`a ${b}`}. */
function classesWrittenBy(source: string): Set<string> {
  const written = [
    ...[...source.matchAll(/className="([^"]+)"/g)].map((match) => match[1]),
    ...[...source.matchAll(/className=\{`([^`]+)`\}/g)].map((match) => match[1].replace(/\$\{[^}]*\}/g, " ")),
  ];
  return new Set(written.flatMap((value) => value.split(/\s+/)).filter((name) => /^[A-Za-z_][\w-]*$/.test(name)));
}

const sourceFiles = (folder: string) => readdirSync(folder).filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name));

/** Stylesheets a module brings: its own `import "./x.css"` and, through the parts it imports, theirs. */
function stylesheetsOf(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file) || !existsSync(file)) return [];
  seen.add(file);
  const source = readFileSync(file, "utf8");
  const sheets: string[] = [];
  for (const [, target] of source.matchAll(/(?:import|from)\s+"(\.{1,2}\/[^"]+)"/g)) {
    const path = resolve(dirname(file), target);
    if (path.endsWith(".css")) sheets.push(path);
    else if (path.startsWith(join(widgetsDir, "parts"))) {
      for (const candidate of [`${path}.tsx`, `${path}.ts`, path]) sheets.push(...stylesheetsOf(candidate, seen));
    }
  }
  return sheets;
}

const widgets = readdirSync(widgetsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !NOT_WIDGETS.has(entry.name))
  .map((entry) => entry.name);

const ownSheets = new Map(
  widgets.map((name) => {
    const folder = join(widgetsDir, name);
    return [
      name,
      readdirSync(folder)
        .filter((file) => file.endsWith(".css"))
        .map((file) => join(folder, file)),
    ] as const;
  }),
);
const definedBySheet = new Map<string, Set<string>>();
const defined = (sheet: string) => {
  if (!definedBySheet.has(sheet)) definedBySheet.set(sheet, classesDefinedBy(readFileSync(sheet, "utf8")));
  return definedBySheet.get(sheet)!;
};
const shell = classesDefinedBy(readFileSync(join(root, "app", "styles.css"), "utf8"));

describe("widget styles are the widget's own", () => {
  it("reads the classes of a stylesheet and of a component", () => {
    expect([...classesDefinedBy(".a, .b:hover > .c-d { background: url(x.svg) } /* .e */ @media (x) { .f { y: 1.5em } }")]).toEqual(["a", "b", "c-d", "f"]);
    const placeholder = ["$", '{on ? "d" : ""}'].join("");
    expect([...classesWrittenBy(`<p className="a b" /><i className={\`c ${placeholder} e\`} />`)]).toEqual(["a", "b", "c", "e"]);
  });

  it.each(widgets)("%s draws with no class that only another widget's stylesheet defines", (name) => {
    const folder = join(widgetsDir, name);
    const files = sourceFiles(folder).map((file) => join(folder, file));
    const loaded = new Set([...ownSheets.get(name)!, ...files.flatMap((file) => stylesheetsOf(file))]);
    const available = new Set([...shell, ...[...loaded].flatMap((sheet) => [...defined(sheet)])]);
    const borrowed: string[] = [];
    for (const className of new Set(files.flatMap((file) => [...classesWrittenBy(readFileSync(file, "utf8"))]))) {
      if (available.has(className)) continue;
      const owners = widgets.filter((other) => other !== name && ownSheets.get(other)!.some((sheet) => defined(sheet).has(className)));
      if (owners.length) borrowed.push(`${className} (styled only by ${owners.join(", ")})`);
    }
    expect(borrowed).toEqual([]);
  });
});
