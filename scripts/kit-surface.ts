/**
 * The size of the widgets' door into the app (ADR 070): the modules of a folder (default widgets/kit/), the names
 * each exports, how many of them only re-export, and the app and contracts modules they reach. Run it before and
 * after changing the kit: `npx tsx scripts/kit-surface.ts [folder]`.
 */
import { readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import ts from "typescript";

const root = join(import.meta.dirname, "..");
const folder = resolve(root, process.argv[2] ?? "widgets/kit");
const ALIASES: Record<string, string> = { "~/": "app/", "@contracts/": "contracts/" };

/** A module whose every statement is `export … from` (or a type-only import feeding one) adds nothing of its own. */
function onlyReExports(source: ts.SourceFile): boolean {
  return source.statements.every((statement) => ts.isExportDeclaration(statement) && statement.moduleSpecifier !== undefined);
}

function appModulesReached(source: ts.SourceFile): string[] {
  const specifiers = source.statements.flatMap((statement) =>
    (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
      ? [statement.moduleSpecifier.text]
      : [],
  );
  return specifiers.flatMap((specifier) => {
    const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
    return alias ? [ALIASES[alias] + specifier.slice(alias.length)] : [];
  });
}

const files = readdirSync(folder)
  .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
  .map((name) => join(folder, name));
const config = ts.getParsedCommandLineOfConfigFile(join(root, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
if (!config) throw new Error("tsconfig.json could not be read");
const program = ts.createProgram(files, config.options);
const checker = program.getTypeChecker();
const reached = new Set<string>();
let names = 0;
let reExportOnly = 0;
for (const file of files) {
  const source = program.getSourceFile(file);
  const symbol = source && checker.getSymbolAtLocation(source);
  if (!source || !symbol) continue;
  const exported = checker.getExportsOfModule(symbol).length;
  const bare = onlyReExports(source);
  names += exported;
  if (bare) reExportOnly += 1;
  for (const module of appModulesReached(source)) reached.add(module);
  console.log(`${relative(root, file).padEnd(40)} ${String(exported).padStart(3)} names${bare ? "  (re-exports only)" : ""}`);
}
console.log(`\n${files.length} modules, ${names} exported names, ${reExportOnly} re-export-only modules, ${reached.size} app/contracts modules reached`);
