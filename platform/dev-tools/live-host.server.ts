import { randomInt } from "node:crypto";
import { publicName, type UserRow } from "../accounts/index.server.ts";
import { livePlanExists } from "../live/rules.server.ts";
import type { Db } from "../kernel/db.server.ts";
import type { LiveRoom } from "../live/room-routes.server.ts";
import type { DevRequest, DevResponse, DevRouter } from "./router.server.ts";
import { SCREEN_TEXT_LIMIT, type ScreenPushBody } from "@contracts/screen.ts";
import type { QuestionKind } from "@contracts/questionnaire.ts";

/** What the live host works on: the platform's database and its live rooms. */
interface LiveHostPlatform {
  db: Db;
  liveRoom: LiveRoom;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const field = (request: DevRequest, name: string, limit = SCREEN_TEXT_LIMIT) =>
  String(request.body?.[name] ?? "")
    .trim()
    .slice(0, limit);

/** Reads the host's form into a push, or null when it is not a complete one. */
function pushFrom(request: DevRequest, platform: LiveHostPlatform, planId: number): ScreenPushBody | null {
  const kind = field(request, "kind");
  if (kind === "announcement") {
    const text = field(request, "text");
    return text ? { kind, text, textEn: field(request, "textEn") } : null;
  }
  if (kind === "slide") {
    const imageUrl = field(request, "imageUrl", 500);
    return /^\/[A-Za-z0-9_\-/.]+$/.test(imageUrl) ? { kind, imageUrl, caption: field(request, "caption"), captionEn: field(request, "captionEn") } : null;
  }
  if (kind === "startingSoon") {
    const minutes = Number(field(request, "minutes"));
    return Number.isInteger(minutes) && minutes >= 1 && minutes <= 120 ? { kind, minutes } : null;
  }
  if (kind === "lottery") return lotteryFrom(request, platform, planId);
  if (kind === "questionnaire") return questionnaireFrom(request, platform, planId);
  return null;
}

/** The lottery draws its winners on the server among the people who signed in to the room, each at most once. */
function lotteryFrom(request: DevRequest, platform: LiveHostPlatform, planId: number): ScreenPushBody | null {
  const title = field(request, "title");
  const count = Number(field(request, "winners"));
  if (!title || !Number.isInteger(count) || count < 1 || count > 50) return null;
  const people = platform.db
    .prepare("SELECT u.* FROM plan_sign_ins s JOIN users u ON u.id = s.user_id WHERE s.plan_id = ? ORDER BY s.created_at")
    .all(planId) as UserRow[];
  const winners: string[] = [];
  while (winners.length < count && people.length > 0) winners.push(publicName(people.splice(randomInt(people.length), 1)[0]));
  return { kind: "lottery", title, titleEn: field(request, "titleEn"), winners };
}

/** A new question (one option per line, "中文 | English") pushed at once, or an existing one pushed again by its id. */
function questionnaireFrom(request: DevRequest, platform: LiveHostPlatform, planId: number): ScreenPushBody | null {
  const existing = Number(field(request, "questionId"));
  if (Number.isInteger(existing) && existing > 0)
    return platform.liveRoom.questionsOf(planId).some((question) => question.id === existing) ? { kind: "questionnaire", questionId: existing } : null;
  const questionKind = field(request, "questionKind") as QuestionKind;
  const title = field(request, "title");
  const options = field(request, "options", 2000)
    .split("\n")
    .map((line) => line.split("|").map((part) => part.trim()))
    .filter(([text]) => text)
    .map(([text, textEn]) => ({ text, textEn: textEn ?? "" }));
  if (!["single", "multiple", "text"].includes(questionKind) || !title || (questionKind !== "text" && options.length < 2)) return null;
  const questionId = platform.liveRoom.createQuestion(planId, { kind: questionKind, title, titleEn: field(request, "titleEn"), options }, new Date());
  return { kind: "questionnaire", questionId };
}

function hostPage(platform: LiveHostPlatform, planId: number): string {
  const plans = platform.db.prepare("SELECT id, title FROM items WHERE kind = 'live' ORDER BY id").all() as { id: number; title: string }[];
  const questions = platform.liveRoom.questionsOf(planId);
  const planOptions = plans
    .map((plan) => `<option value="${plan.id}"${plan.id === planId ? " selected" : ""}>${plan.id} — ${escapeHtml(plan.title)}</option>`)
    .join("");
  const questionRows = questions
    .map((question) => {
      const results = platform.liveRoom.resultsOf(question.id);
      const counts = question.options
        .map((option) => `${escapeHtml(option.text)}: ${results.counts.find((count) => count.optionId === option.id)?.count ?? 0}`)
        .join(", ");
      return `<li>#${question.id} ${escapeHtml(question.title)} (${question.kind}) — ${results.total} answers ${counts} ${results.texts.map(escapeHtml).join(" / ")}
<form method="post" action="/dev/live/${planId}/share"><input type="hidden" name="questionId" value="${question.id}"><button>Share results with everyone</button></form></li>`;
    })
    .join("");
  const action = `/dev/live/${planId}/push`;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Live host</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="stylesheet" href="/dev-tools.css"></head><body><main><h1>Live host</h1>
<p>What the host pushes reaches every viewer of the room at once (<a href="/viewLive?id=${planId}">viewer</a>, <a href="/venueScreen?id=${planId}">venue screen</a>). Sign-ins: ${platform.liveRoom.signIns(planId)}.</p>
<form method="get" action="/dev/live"><select name="planId">${planOptions}</select> <button>Host this room</button></form>
<h2>Announcement</h2><form method="post" action="${action}"><input type="hidden" name="kind" value="announcement"><input name="text" placeholder="中文" required maxlength="${SCREEN_TEXT_LIMIT}"> <input name="textEn" placeholder="English" maxlength="${SCREEN_TEXT_LIMIT}"> <button>Push</button></form>
<h2>We start soon</h2><form method="post" action="${action}"><input type="hidden" name="kind" value="startingSoon"><input name="minutes" type="number" min="1" max="120" value="5"> minutes <button>Push</button></form>
<h2>Slide</h2><form method="post" action="${action}"><input type="hidden" name="kind" value="slide"><input name="imageUrl" placeholder="/media/… image path" required> <input name="caption" placeholder="说明"> <input name="captionEn" placeholder="caption"> <button>Push</button></form>
<h2>Lottery among who signed in</h2><form method="post" action="${action}"><input type="hidden" name="kind" value="lottery"><input name="title" placeholder="奖品" required> <input name="titleEn" placeholder="prize"> <input name="winners" type="number" min="1" max="50" value="1"> winners <button>Draw and push</button></form>
<h2>Questionnaire</h2><form method="post" action="${action}"><input type="hidden" name="kind" value="questionnaire"><select name="questionKind"><option value="single">single choice</option><option value="multiple">multiple choice</option><option value="text">text</option></select>
<input name="title" placeholder="题目" required> <input name="titleEn" placeholder="question"><br><textarea name="options" rows="4" cols="40" placeholder="one option per line: 中文 | English"></textarea> <button>Create and push</button></form>
<h3>Questions of this room</h3><ul>${questionRows || "<li>None yet.</li>"}</ul></main></body></html>`;
}

/** Answers a host action: JSON for a script (format=json), back to the host page for a person. */
function answer(request: DevRequest, response: DevResponse, planId: number, status: number, body: unknown) {
  if (request.body?.format === "json") response.status(status).json(body);
  else response.redirect(303, `/dev/live?planId=${planId}`);
}

/** The developer tools play the live room's host (ADR 062): screen pushes, questionnaires and their results. */
export function liveHostTools(router: DevRouter, platform: LiveHostPlatform, now: () => Date): void {
  const planOf = (value: unknown) => {
    const planId = Number(value);
    return Number.isSafeInteger(planId) && planId > 0 && livePlanExists(platform.db, planId) ? planId : null;
  };
  router.get("/dev/live", (request, response) => {
    const first = platform.db.prepare("SELECT MIN(id) FROM items WHERE kind = 'live'").pluck().get() as number;
    response.setHeader("Cache-Control", "no-store");
    response.send(hostPage(platform, planOf(request.query.planId) ?? first));
  });
  router.post("/dev/live/:planId/push", (request, response) => {
    const planId = planOf(request.params.planId);
    const body = planId ? pushFrom(request, platform, planId) : null;
    if (!planId || !body) {
      response.status(400).json({ ok: false });
      return;
    }
    answer(request, response, planId, 200, { ok: true, push: platform.liveRoom.push(planId, body, now()) });
  });
  router.post("/dev/live/:planId/share", (request, response) => {
    const planId = planOf(request.params.planId);
    const results = planId ? platform.liveRoom.shareResults(Number(request.body?.questionId)) : null;
    if (!planId || !results) {
      response.status(400).json({ ok: false });
      return;
    }
    answer(request, response, planId, 200, { ok: true, results });
  });
}
