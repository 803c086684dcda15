import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import type { OpsProblem } from "@contracts/ops.ts";
import { schemaProblems } from "../page-config-schema.server.ts";
import { audit, ConsoleRefusal } from "./answers.server.ts";
import { sha256 } from "./credentials.server.ts";
import type { SqlEngine, SqlRunner, SqlTransaction } from "./sql-engine.server.ts";

/** The publisher name of versions taken from the repository's page-configs/. */
export const REPOSITORY_PUBLISHER = "repository";
/** The PostgreSQL channel a publish is announced on (ADR 053); its payload is the new counter. */
export const LIVE_CHANNEL = "ops_live";

export interface VersionRow {
  path: string;
  version: number;
  config: string;
  publisher: string;
  published_at: string;
  note: string | null;
  repository_hash: string | null;
}

export interface DraftRow {
  path: string;
  text: string;
  base_version: number | null;
  editor: string;
  updated_at: string;
}

export interface LiveVersion {
  path: string;
  version: number;
  text: string;
}

/** A version that went live: what the CDN purge and the other nodes hear of. */
export interface PublishedChange {
  path: string;
  version: number;
  /** The config now live, and the one it replaced (its aliases need purging too). */
  text: string;
  previousText: string | null;
}

const LATEST_OF_EACH_PATH = "v.version = (SELECT MAX(w.version) FROM ops_page_versions w WHERE w.path = v.path)";

/** The schema check of a config's text, and that it claims the path it is stored under. */
export function problemsOfText(path: string, text: string): OpsProblem[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return [{ pointer: "/", message: `invalid JSON: ${(error as Error).message}` }];
  }
  const problems = schemaProblems(value);
  if (!problems.length && (value as { path: string }).path !== path) problems.push({ pointer: "/path", message: `path must be ${path}` });
  return problems;
}

/** Page configs as versions with one draft per path (ADR 026), on either engine; the live set is each path's latest. */
export function createPageVersions(engine: SqlEngine) {
  const latestVersion = (runner: SqlRunner, path: string) =>
    runner.get<VersionRow>("SELECT * FROM ops_page_versions WHERE path = ? ORDER BY version DESC LIMIT 1", [path]);
  const draftOf = (runner: SqlRunner, path: string) => runner.get<DraftRow>("SELECT * FROM ops_drafts WHERE path = ?", [path]);

  /** Bumps the live set's counter; on PostgreSQL the bump is announced to every node when the transaction commits. */
  const bumpCounter = async (tx: SqlTransaction) => {
    const row = await tx.get<{ value: number }>("UPDATE ops_live_counter SET value = value + 1 WHERE id = 1 RETURNING value");
    if (engine.kind === "postgres") await tx.run("SELECT pg_notify(?, ?)", [LIVE_CHANNEL, String(row?.value)]);
  };

  /**
   * Adds a version after the schema check: the one place a config enters the live set. The path's lock makes writers
   * of one page take turns, so each gets the next number or a clean 409 when it expected another live version.
   */
  const insertVersion = async (
    tx: SqlTransaction,
    change: { path: string; text: string; publisher: string; at: Date },
    extra: { note?: string; repositoryHash?: string; expectedVersion?: number | null },
  ): Promise<PublishedChange> => {
    const { path, text } = change;
    const problems = problemsOfText(path, text);
    if (problems.length) throw new ConsoleRefusal(422, "the config does not pass the page-config schema", { problems });
    await tx.lock(`page:${path}`);
    const latest = await latestVersion(tx, path);
    if (extra.expectedVersion !== undefined && (latest?.version ?? null) !== extra.expectedVersion) {
      throw new ConsoleRefusal(409, `version ${latest?.version ?? "none"} is live now, not ${extra.expectedVersion ?? "none"}`, {
        liveVersion: latest?.version ?? null,
      });
    }
    const version = (latest?.version ?? 0) + 1;
    await tx.run("INSERT INTO ops_page_versions (path, version, config, publisher, published_at, note, repository_hash) VALUES (?, ?, ?, ?, ?, ?, ?)", [
      path,
      version,
      text,
      change.publisher,
      change.at.toISOString(),
      extra.note ?? null,
      extra.repositoryHash ?? null,
    ]);
    await bumpCounter(tx);
    return { path, version, text, previousText: latest?.config ?? null };
  };

  /**
   * Takes the repository's page configs into the store: a path's first version, or a new version when its file changed
   * since the last version taken from it. Files that fail the schema are left out (the server reports them). One
   * transaction under one lock, so nodes starting together take each file once.
   */
  const seedFromDirectory = async (directory: string, at: Date): Promise<number> => {
    const files = readdirSync(directory)
      .filter((name) => name.endsWith(".json"))
      .sort();
    return engine.transaction(async (tx) => {
      await tx.lock("seed");
      const taken = new Map(
        (
          await tx.all<{ path: string; repository_hash: string }>(
            "SELECT v.path, v.repository_hash FROM ops_page_versions v WHERE v.repository_hash IS NOT NULL AND v.version = (SELECT MAX(w.version) FROM ops_page_versions w WHERE w.path = v.path AND w.repository_hash IS NOT NULL)",
          )
        ).map((row) => [row.path, row.repository_hash]),
      );
      let count = 0;
      for (const name of files) {
        const text = readFileSync(join(directory, name), "utf8");
        const path = `/${basename(name, ".json")}`;
        const hash = sha256(text);
        if (taken.get(path) === hash || problemsOfText(path, text).length) continue;
        const { version } = await insertVersion(
          tx,
          { path, text, publisher: REPOSITORY_PUBLISHER, at },
          { note: `page-configs/${name}`, repositoryHash: hash },
        );
        await audit(tx, at, REPOSITORY_PUBLISHER, "seed", { path, version, detail: `page-configs/${name}` });
        count++;
      }
      return count;
    });
  };

  /** The live set for the server nodes: the counter alone while it is the one they hold, else every path's latest version. */
  const live = async (after: number | null): Promise<{ counter: number; pages?: LiveVersion[] }> => {
    const counter = (await engine.get<{ value: number }>("SELECT value FROM ops_live_counter WHERE id = 1"))?.value ?? 0;
    if (after === counter) return { counter };
    const pages = await engine.all<LiveVersion>(`SELECT v.path, v.version, v.config AS text FROM ops_page_versions v WHERE ${LATEST_OF_EACH_PATH}`);
    return { counter, pages };
  };

  const allLive = () => engine.all<VersionRow>(`SELECT v.* FROM ops_page_versions v WHERE ${LATEST_OF_EACH_PATH} ORDER BY v.path`);
  const versionsOf = (path: string) => engine.all<VersionRow>("SELECT * FROM ops_page_versions WHERE path = ? ORDER BY version DESC", [path]);
  const versionOf = (path: string, version: number) =>
    engine.get<VersionRow>("SELECT * FROM ops_page_versions WHERE path = ? AND version = ?", [path, version]);

  return { latestVersion, draftOf, insertVersion, seedFromDirectory, live, allLive, versionsOf, versionOf };
}

export type PageVersions = ReturnType<typeof createPageVersions>;
