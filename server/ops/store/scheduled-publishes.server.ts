import type { ScheduledPublish } from "@contracts/ops-library.ts";
import { audit, ConsoleRefusal } from "./answers.server.ts";
import { problemsOfText, type createPageVersions, type PublishedChange } from "./page-versions.server.ts";
import type { SqlEngine } from "./sql-engine.server.ts";

/**
 * Scheduled publishes (ADR 072): a publisher names a config and a time; the first node whose timer finds it due
 * publishes it as an ordinary version (the counter's bump is pushed to every node, the CDN is purged), claiming the row
 * in the same transaction so no two nodes publish it twice. A node that was down at that time reads the live set when it
 * starts, like after any publish; if every node was down, the first to start publishes what became due meanwhile.
 */

const COLUMNS = 'id, path, go_live_at AS "goLiveAt", scheduled_by AS "scheduledBy", scheduled_at AS "scheduledAt", state, version, outcome';

type PageVersions = ReturnType<typeof createPageVersions>;

export function createScheduledPublishes(engine: SqlEngine, pages: PageVersions, announce: (change: PublishedChange) => void) {
  const schedule = async (input: { path: string; text: string; goLiveAt: Date; by: string; at: Date }): Promise<ScheduledPublish> => {
    if (Number.isNaN(input.goLiveAt.getTime())) throw new ConsoleRefusal(400, "goLiveAt must be a time", { field: "goLiveAt" });
    if (input.goLiveAt <= input.at) throw new ConsoleRefusal(400, "goLiveAt must be in the future", { field: "goLiveAt" });
    const problems = problemsOfText(input.path, input.text);
    if (problems.length) throw new ConsoleRefusal(422, "the config does not pass the page-config schema", { problems });
    return engine.transaction(async (tx) => {
      const row = await tx.get<ScheduledPublish>(
        `INSERT INTO ops_scheduled_publishes (path, config, go_live_at, scheduled_by, scheduled_at) VALUES (?, ?, ?, ?, ?) RETURNING ${COLUMNS}`,
        [input.path, input.text, input.goLiveAt.toISOString(), input.by, input.at.toISOString()],
      );
      await audit(tx, input.at, input.by, "schedulePublish", { path: input.path, detail: `at ${input.goLiveAt.toISOString()}` });
      return row as ScheduledPublish;
    });
  };

  const cancel = async (id: number, by: string, at: Date): Promise<void> =>
    engine.transaction(async (tx) => {
      const row = await tx.get<{ path: string }>(
        "UPDATE ops_scheduled_publishes SET state = 'cancelled', outcome = ? WHERE id = ? AND state = 'waiting' RETURNING path",
        [`cancelled by ${by}`, id],
      );
      if (!row) throw new ConsoleRefusal(404, "no waiting scheduled publish with that id");
      await audit(tx, at, by, "cancelSchedule", { path: row.path, detail: `schedule ${id}` });
    });

  /** The waiting schedules (soonest first) and the last 50 done, of one path or of all. */
  const list = async (path: string | null): Promise<ScheduledPublish[]> => {
    const filter = path === null ? "" : "AND path = ?";
    const params = path === null ? [] : [path];
    const waiting = await engine.all<ScheduledPublish>(
      `SELECT ${COLUMNS} FROM ops_scheduled_publishes WHERE state = 'waiting' ${filter} ORDER BY go_live_at, id`,
      params,
    );
    const done = await engine.all<ScheduledPublish>(
      `SELECT ${COLUMNS} FROM ops_scheduled_publishes WHERE state <> 'waiting' ${filter} ORDER BY id DESC LIMIT 50`,
      params,
    );
    return [...waiting, ...done];
  };

  /** When the next waiting schedule is due, or null. */
  const nextDue = async (): Promise<Date | null> => {
    const row = await engine.get<{ next: string | null }>("SELECT MIN(go_live_at) AS next FROM ops_scheduled_publishes WHERE state = 'waiting'");
    return row?.next ? new Date(row.next) : null;
  };

  /** Publishes one due schedule unless another node claimed it first; a config the schema now refuses is marked failed. */
  const publishOne = async (id: number, at: Date): Promise<PublishedChange | null> => {
    try {
      const change = await engine.transaction(async (tx) => {
        const row = await tx.get<{ path: string; config: string; scheduled_by: string }>(
          "UPDATE ops_scheduled_publishes SET state = 'published' WHERE id = ? AND state = 'waiting' RETURNING path, config, scheduled_by",
          [id],
        );
        if (!row) return null;
        const created = await pages.insertVersion(tx, { path: row.path, text: row.config, publisher: row.scheduled_by, at }, { note: `scheduled ${id}` });
        await tx.run("UPDATE ops_scheduled_publishes SET version = ?, outcome = ? WHERE id = ?", [created.version, `published at ${at.toISOString()}`, id]);
        await audit(tx, at, row.scheduled_by, "scheduledPublish", { path: row.path, version: created.version, detail: `schedule ${id}` });
        return created;
      });
      if (change) announce(change);
      return change;
    } catch (error) {
      if (!(error instanceof ConsoleRefusal)) throw error;
      await engine.run("UPDATE ops_scheduled_publishes SET state = 'failed', outcome = ? WHERE id = ? AND state = 'waiting'", [error.message, id]);
      return null;
    }
  };

  /** Publishes every schedule due at `at`, oldest first; answers what went live. */
  const publishDue = async (at: Date): Promise<PublishedChange[]> => {
    const due = await engine.all<{ id: number }>("SELECT id FROM ops_scheduled_publishes WHERE state = 'waiting' AND go_live_at <= ? ORDER BY go_live_at, id", [
      at.toISOString(),
    ]);
    const published: PublishedChange[] = [];
    for (const { id } of due) {
      const change = await publishOne(id, at);
      if (change) published.push(change);
    }
    return published;
  };

  return { schedule, cancel, list, nextDue, publishDue };
}

export type ScheduledPublishes = ReturnType<typeof createScheduledPublishes>;

export interface SchedulerClock {
  now(): Date;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

/** The longest a node sleeps between looks: a schedule another node made (and then went down) is published this late at worst. */
export const SCHEDULER_LOOK_MS = 30_000;

/**
 * This node's timer for scheduled publishes: it sleeps until the next one is due (at most SCHEDULER_LOOK_MS), publishes
 * what is due and arms again. `rearm` is called when this node schedules or cancels, so its own schedules are on time.
 */
export function startScheduler(scheduled: ScheduledPublishes, clock: SchedulerClock, log: (line: string) => void) {
  let timer: unknown = null;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  const look = async () => {
    try {
      await scheduled.publishDue(clock.now());
    } catch (error) {
      log(`scheduled publishes: ${(error as Error).message}`);
    }
    await arm();
  };
  const arm = async () => {
    if (stopped) return;
    let next: Date | null = null;
    try {
      next = await scheduled.nextDue();
    } catch (error) {
      log(`scheduled publishes: ${(error as Error).message}`);
    }
    const wait = next ? Math.max(0, Math.min(next.getTime() - clock.now().getTime(), SCHEDULER_LOOK_MS)) : SCHEDULER_LOOK_MS;
    if (timer !== null) clock.clearTimer(timer);
    timer = clock.setTimer(() => {
      timer = null;
      running = running.then(look);
    }, wait);
  };

  running = running.then(look);
  return {
    rearm: () => {
      running = running.then(arm);
      return running;
    },
    /** Resolves once the looks started so far are done. */
    settled: () => running,
    stop: () => {
      stopped = true;
      if (timer !== null) clock.clearTimer(timer);
    },
  };
}

export type Scheduler = ReturnType<typeof startScheduler>;
