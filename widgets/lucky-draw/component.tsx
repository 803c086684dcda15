import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { LuckyDrawProps } from "@schemas/generated/page-config";
import "./lucky-draw.css";
import { refreshPageData, useLang, useViewer } from "../kit/page";
import type { WidgetRenderProps } from "../kit/types";
import { type AnswerOf, callApi, showFailure } from "../kit/api";
import { drawCalls } from "../kit/calls/draw";
import { askedToLogIn, requireLogin, showToast } from "../kit/session";
import { copyText } from "../kit/browser";
import { formatMoment } from "../kit/format";
import { SmartLink } from "../kit/links";
import type { LuckyDrawDetailAnswer } from "../kit/contracts";

export type DrawDetail = LuckyDrawDetailAnswer;

/** A draw's result, as /luckyDraw/draw answers it. */
type Outcome = AnswerOf<typeof drawCalls.draw>;

type DrawTask = AnswerOf<typeof drawCalls.drawTasks>["list"][number];

/** The grid in reading order: the prize position (clockwise from the top left) of each cell, null for the button. */
export const GRID_CELLS = [0, 1, 2, 7, null, 3, 6, 5, 4] as const;

/** Steps the highlight runs at full speed before it may start slowing down (two rounds). */
const FAST_STEPS = 16;
const FAST_MS = 60;
const SLOWEST_EXTRA_MS = 320;

/**
 * How many steps the slowdown takes from one cell to land on the target: a full round, then on to the target, so the
 * highlight always visibly slows before it stops.
 */
export function stepsToLand(from: number, target: number): number {
  return 8 + ((target - from + 8) % 8);
}

interface Spin {
  index: number;
  steps: number;
  /** Steps left once the landing is planned. */
  left: number | null;
  planned: number;
  outcome: Outcome | null;
  timer?: number;
}

/** The chance tasks of the draw: each done today gives one chance to receive. */
function ChanceTasks({ drawId, onChances }: { drawId: number; onChances: (chances: number) => void }) {
  const { t } = useTranslation("draw");
  const viewer = useViewer();
  const [tasks, setTasks] = useState<DrawTask[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = async () => {
    const answer = await callApi(drawCalls.drawTasks, { drawId });
    setTasks(answer.code === 200 && answer.data ? answer.data.list : null);
  };
  useEffect(() => {
    if (viewer) void load();
    else setTasks(null);
  }, [viewer?.id, drawId]);

  if (!tasks?.length) return null;

  const share = async (task: DrawTask) => {
    setBusy(task.taskId);
    const copied = await copyText(window.location.href);
    const answer = await callApi(drawCalls.finishDrawTask, { taskId: task.taskId });
    setBusy(null);
    if (answer.code !== 200) return showFailure(answer);
    if (copied) showToast(t("tasks.copied"), "success");
    await load();
  };
  const receive = async (task: DrawTask) => {
    setBusy(task.taskId);
    const answer = await callApi(drawCalls.receiveDrawChance, { taskId: task.taskId, drawId });
    setBusy(null);
    if (answer.code !== 200 || !answer.data) return showFailure(answer);
    onChances(answer.data.chances);
    showToast(t("tasks.receivedToast"), "success");
    await load();
  };

  return (
    <section className="lucky-tasks">
      <h2>{t("tasks.title")}</h2>
      <ul>
        {tasks.map((task) => (
          <li key={task.taskId} className="lucky-task">
            <div>
              <strong>{task.title}</strong>
              <p>{task.description}</p>
            </div>
            <span className="lucky-task-reward">{t("tasks.reward", { count: task.chances })}</span>
            {task.received ? (
              <button type="button" className="button" disabled>
                {t("tasks.received")}
              </button>
            ) : task.done ? (
              <button type="button" className="button button-primary" disabled={busy === task.taskId} onClick={() => void receive(task)}>
                {t("tasks.receive")}
              </button>
            ) : task.taskId === "share" ? (
              <button type="button" className="button button-light" disabled={busy === task.taskId} onClick={() => void share(task)}>
                {t("tasks.share")}
              </button>
            ) : (
              <SmartLink to={task.link} className="button button-light">
                {t("tasks.go")}
              </SmartLink>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The lucky draw: eight prizes round a start button. The platform decides the prize; the highlight runs round at speed
 * while it answers, then slows down over one more round to land on the prize's cell (at once for reduced motion).
 */
export default function LuckyDraw({ props, data }: WidgetRenderProps<LuckyDrawProps>) {
  const { t } = useTranslation("draw");
  const lang = useLang();
  const detail = data?.status === "ok" ? (data.value as DrawDetail | null) : null;
  const [shownDetail, setShownDetail] = useState(detail);
  const [balance, setBalance] = useState<{ points: number; chances: number } | null>(null);
  const [payWith, setPayWith] = useState<"chance" | "points" | null>(null);
  const [active, setActive] = useState<number | null>(null);
  const [landed, setLanded] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [spinning, setSpinning] = useState(false);
  const spin = useRef<Spin | null>(null);
  // A fresh answer from the platform (after a refresh) replaces what the last draw told us.
  if (shownDetail !== detail) {
    setShownDetail(detail);
    setBalance(null);
  }
  const played = useRef(false);
  useEffect(
    () => () => {
      window.clearTimeout(spin.current?.timer);
      spin.current = null;
      // Refreshing while here would reload this page's own source and lose the result shown; the pages that show
      // points and prizes read them again once the player leaves.
      if (played.current) void refreshPageData();
    },
    [],
  );

  if (!detail) return null;
  const points = balance?.points ?? detail.points;
  const chances = balance?.chances ?? detail.chances;
  const method = payWith ?? (chances ? "chance" : "points");

  const land = (run: Spin, result: Outcome) => {
    window.clearTimeout(run.timer);
    spin.current = null;
    setSpinning(false);
    setActive(result.prize.position);
    setLanded(true);
    setOutcome(result);
    setBalance({ points: result.points, chances: result.chances });
    played.current = true;
  };

  const tick = () => {
    const run = spin.current;
    if (!run) return;
    run.index = (run.index + 1) % 8;
    run.steps++;
    setActive(run.index);
    if (run.left !== null) run.left--;
    else if (run.outcome && run.steps >= FAST_STEPS) run.left = run.planned = stepsToLand(run.index, run.outcome.prize.position);
    if (run.left === 0 && run.outcome) return land(run, run.outcome);
    const slowing = run.left === null ? 0 : 1 - run.left / run.planned;
    run.timer = window.setTimeout(tick, FAST_MS + SLOWEST_EXTRA_MS * slowing * slowing);
  };

  const start = async () => {
    if (!requireLogin() || spin.current || !detail.running) return;
    const run: Spin = { index: active ?? 7, steps: 0, left: null, planned: 0, outcome: null };
    const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
    spin.current = run;
    setSpinning(true);
    setOutcome(null);
    setLanded(false);
    if (!still) run.timer = window.setTimeout(tick, FAST_MS);
    else setActive(null);
    const answer = await callApi(drawCalls.draw, { drawId: detail.id, payWith: method });
    if (spin.current !== run) return;
    if (answer.code !== 200 || !answer.data) {
      window.clearTimeout(run.timer);
      spin.current = null;
      setSpinning(false);
      setActive(null);
      if (!askedToLogIn(answer)) showFailure(answer);
      return;
    }
    run.outcome = answer.data;
    if (still) land(run, answer.data);
  };

  const prizeAt = (position: number) => detail.prizes.find((prize) => prize.position === position);
  const closed = detail.state === "upcoming" ? t("lucky.upcoming") : detail.state === "ended" ? t("lucky.ended") : null;

  return (
    <section className="lucky-draw">
      <header className="lucky-head">
        <h1>{detail.title}</h1>
        <p>{t("lucky.period", { from: formatMoment(detail.startsAt, lang), to: formatMoment(detail.endsAt, lang) })}</p>
      </header>
      <div className="lucky-grid" role="group" aria-label={t("lucky.grid")} data-landed={landed && active !== null ? active : undefined}>
        {GRID_CELLS.map((position) => {
          if (position === null)
            return (
              <button key="start" type="button" className="lucky-start" disabled={spinning || Boolean(closed)} onClick={() => void start()}>
                <strong>{closed ?? (spinning ? t("lucky.drawing") : t("lucky.draw"))}</strong>
                {!closed && <small>{method === "chance" ? t("lucky.costChance") : t("lucky.costPoints", { points: detail.costPoints })}</small>}
              </button>
            );
          const prize = prizeAt(position);
          const classes = ["lucky-cell", `lucky-${prize?.kind ?? "none"}`];
          if (active === position) classes.push(landed ? "lucky-cell-landed" : "lucky-cell-active");
          return (
            <div key={position} className={classes.join(" ")} data-position={position}>
              <span>{prize?.title}</span>
              {prize?.soldOut && <small>{t("lucky.soldOut")}</small>}
            </div>
          );
        })}
      </div>

      {points === null || chances === null ? (
        !closed && (
          <button type="button" className="button button-primary lucky-login" onClick={() => requireLogin()}>
            {t("lucky.login")}
          </button>
        )
      ) : (
        <div className="lucky-wallet">
          <p>
            <span>{t("lucky.points")}</span> <b className="lucky-points">{points}</b>
            <span>{t("lucky.chances")}</span> <b className="lucky-chances">{chances}</b>
          </p>
          {!closed && (
            <fieldset className="lucky-pay" disabled={spinning}>
              <legend>{t("lucky.payWith")}</legend>
              <label>
                <input type="radio" name="payWith" checked={method === "chance"} disabled={!chances} onChange={() => setPayWith("chance")} />
                {t("lucky.payChance", { count: chances })}
              </label>
              <label>
                <input type="radio" name="payWith" checked={method === "points"} onChange={() => setPayWith("points")} />
                {t("lucky.payPoints", { points: detail.costPoints })}
              </label>
            </fieldset>
          )}
        </div>
      )}

      {outcome && (
        <div className="lucky-result" role="status">
          {outcome.prize.kind === "none" ? (
            <p className="lucky-result-title">{t("lucky.thanks")}</p>
          ) : (
            <>
              <p className="lucky-result-title">
                {t("lucky.won")} <b>{outcome.prize.title}</b>
              </p>
              <p>
                {outcome.prize.kind === "points" ? t("lucky.pointsAdded") : outcome.prize.kind === "coupon" ? t("lucky.couponAdded") : t("lucky.addressNeeded")}
              </p>
            </>
          )}
          <div className="lucky-result-actions">
            {outcome.needsAddress && (
              <SmartLink to={props.prizesLink} className="button button-primary">
                {t("lucky.fillAddress")}
              </SmartLink>
            )}
            <button type="button" className="button" onClick={() => setOutcome(null)}>
              {t("lucky.close")}
            </button>
          </div>
        </div>
      )}

      <SmartLink to={props.prizesLink} className="lucky-prizes-link">
        {t("lucky.myPrizes")}
      </SmartLink>

      {detail.running && <ChanceTasks drawId={detail.id} onChances={(next) => setBalance({ points: points ?? 0, chances: next })} />}

      <section className="lucky-rules">
        <h2>{t("lucky.rules")}</h2>
        {detail.rules.split("\n").map((line) => (
          <p key={line}>{line}</p>
        ))}
      </section>
    </section>
  );
}
