/**
 * Every repository path that the docs or a code comment names exists. A path counts when it starts with one of the
 * repository's top-level folders and is written as a path (a `/` after the folder); a glob or placeholder (`*`,
 * `{zh,en}`, `<name>`, `NNN`, `…`) stops the path there, and what comes before it must exist. A path preceded by
 * `/`, `@`, `~` or a word character is a URL, an import alias or part of a longer path, and is not checked here. A
 * module named without its extension (`widgets/kit/page`) counts as its `.ts`/`.tsx` file. A passage describing code
 * as it was marks the old path with `(since removed)` or `(as it was)` right after it, and that mention is skipped.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
const TOP_FOLDERS = ["app", "server", "widgets", "contracts", "schemas", "page-configs", "scripts", "tests", "docs", "bench", "public"];
const CODE_FOLDERS = ["app", "server", "widgets", "contracts", "scripts", "tests", "schemas"];
const PATH_PATTERN = new RegExp(`(?<![\\w/@~.\\-$])(?:${TOP_FOLDERS.join("|")})/[\\w.\\-/*{},<>$\\[\\]…]*`, "g");
/** Where a glob or a placeholder starts, the rest of the path is a pattern, not a name. */
const PATTERN_START = /[*{<$[…]|\bNNN\b|\bNAME\b|\.\.\./;
const HISTORICAL_MARK = /^`?\s*\((?:since removed|as it was)\b/;
const MODULE_EXTENSIONS = ["", ".ts", ".tsx"];

type Mention = { file: string; line: number; path: string };

function repositoryFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  });
  return listed.split("\n").filter((file) => file !== "" && existsSync(join(root, file)));
}

function isDocument(file: string): boolean {
  return file === "README.md" || (file.endsWith(".md") && (file.startsWith("docs/") || file.endsWith("/README.md")));
}

function isCommentedCode(file: string): boolean {
  return CODE_FOLDERS.some((folder) => file.startsWith(`${folder}/`)) && /\.(ts|tsx|css)$/.test(file);
}

/** The part of a mention that must exist: up to the first glob or placeholder, without trailing punctuation. */
function checkablePart(mention: string): string {
  const patternAt = mention.search(PATTERN_START);
  const literal = patternAt === -1 ? mention : mention.slice(0, patternAt);
  const trimmed = literal.replace(/[.,:)>}\]]+$/, "");
  return patternAt === -1 ? trimmed : trimmed.slice(0, trimmed.lastIndexOf("/") + 1);
}

function mentionsIn(text: string, file: string, firstLine: number): Mention[] {
  return text
    .split("\n")
    .flatMap((lineText, index) =>
      [...lineText.matchAll(PATH_PATTERN)]
        .filter((match) => !HISTORICAL_MARK.test(lineText.slice((match.index ?? 0) + match[0].length)))
        .map((match) => ({ file, line: firstLine + index, path: checkablePart(match[0]) })),
    );
}

/** Comments found by TypeScript's own scanner, so `//` inside strings, URLs and JSX text is never mistaken for one. */
function commentsOf(file: string, text: string): Array<{ text: string; line: number }> {
  if (file.endsWith(".css")) {
    return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((match) => ({
      text: match[0],
      line: text.slice(0, match.index).split("\n").length,
    }));
  }
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const seen = new Map<number, ts.CommentRange>();
  const collect = (position: number) => {
    for (const range of ts.getLeadingCommentRanges(text, position) ?? []) seen.set(range.pos, range);
    for (const range of ts.getTrailingCommentRanges(text, position) ?? []) seen.set(range.pos, range);
  };
  // Leading ranges at a node's end also hold the comments before the next token (a closing brace, say).
  const visit = (node: ts.Node) => {
    collect(node.getFullStart());
    collect(node.getEnd());
    ts.forEachChild(node, visit);
  };
  visit(source);
  const ranges = [...seen.values()].sort((a, b) => a.pos - b.pos);
  return ranges.map((range) => ({
    text: text.slice(range.pos, range.end),
    line: source.getLineAndCharacterOfPosition(range.pos).line + 1,
  }));
}

/** A cheap look before parsing: does any line that names a path also hold, open or continue a comment? */
function mayCommentOnPaths(text: string): boolean {
  return text.split("\n").some((line) => /\/\/|\/\*|^\s*\*/.test(line) && line.match(PATH_PATTERN) !== null);
}

function allMentions(): Mention[] {
  return repositoryFiles().flatMap((file) => {
    const text = readFileSync(join(root, file), "utf8");
    if (isDocument(file)) return mentionsIn(text, file, 1);
    if (isCommentedCode(file) && mayCommentOnPaths(text)) {
      return commentsOf(file, text).flatMap((comment) => mentionsIn(comment.text, file, comment.line));
    }
    return [];
  });
}

/** Relative Markdown links (`[text](../x.md#part)`) that do not lead to a file or folder, resolved from the document. */
function brokenLinks(): string[] {
  return repositoryFiles()
    .filter(isDocument)
    .flatMap((file) =>
      readFileSync(join(root, file), "utf8")
        .split("\n")
        .flatMap((lineText, index) =>
          [...lineText.matchAll(/\]\(([^)\s]+)\)/g)]
            .map((match) => match[1].split("#")[0])
            .filter((target) => target !== "" && !/^[a-z]+:/i.test(target) && !target.startsWith("/"))
            .filter((target) => !existsSync(join(root, dirname(file), target)))
            .map((target) => `${file}:${index + 1}: link to ${target} leads nowhere`),
        ),
    );
}

describe("paths named in docs and comments", () => {
  it("finds the mentions it is meant to check", () => {
    expect(mentionsIn("see `server/main.ts`, https://x.org/app/y and @contracts/a.ts", "x.md", 1)).toEqual([{ file: "x.md", line: 1, path: "server/main.ts" }]);
    expect(checkablePart("contracts/locales/{zh,en}/*.json")).toBe("contracts/locales/");
    expect(checkablePart("platform/migrations/NNN-*.sql")).toBe("platform/migrations/");
    expect(checkablePart("widgets/<name>/component.tsx")).toBe("widgets/");
    expect(checkablePart("app/routes.ts).")).toBe("app/routes.ts");
    expect(mentionsIn("`app/lib` (since removed) held `app/lib/x.ts` (as it was)", "x.md", 3)).toEqual([]);
    expect(commentsOf("a.tsx", 'const u = "https://a/app/x.ts"; // see app/y.ts\n<p>a // app/z.ts</p>;')).toEqual([{ text: "// see app/y.ts", line: 1 }]);
    expect(commentsOf("a.ts", "function f() {\n  g();\n  /* app/a.ts */\n}\n// app/b.ts\n").map((c) => c.line)).toEqual([3, 5]);
  });

  it("exist in the repository", { timeout: 60_000 }, () => {
    const exists = (path: string) => MODULE_EXTENSIONS.some((extension) => existsSync(join(root, path + extension)));
    const missing = allMentions().filter((mention) => mention.path !== "" && !exists(mention.path));
    const report = missing.map((m) => `${m.file}:${m.line}: ${m.path} does not exist`);
    expect(report, `Paths named in docs or comments that do not exist:\n${report.join("\n")}`).toEqual([]);
  });

  it("and every relative link in the docs leads to a file", () => {
    const report = brokenLinks();
    expect(report, `Broken links:\n${report.join("\n")}`).toEqual([]);
  });
});
