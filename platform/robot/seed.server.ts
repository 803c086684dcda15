import type { Db } from "../kernel/db.server.ts";
import type { RobotEntry } from "@contracts/robot.ts";
import * as queries from "./queries.server.ts";

const SHANGHAI = "Asia/Shanghai";

function when(iso: string): { zh: string; en: string } {
  const at = new Date(iso);
  const zh = new Intl.DateTimeFormat("zh-CN", { timeZone: SHANGHAI, month: "long", day: "numeric", hour: "2-digit", minute: "2-digit", hour12: false }).format(
    at,
  );
  const en = new Intl.DateTimeFormat("en-GB", { timeZone: SHANGHAI, month: "long", day: "numeric", hour: "2-digit", minute: "2-digit", hour12: false }).format(
    at,
  );
  return { zh, en };
}

/** What the organisers of a seeded live answer most often: when, the replay, the slides and certificates. */
function entriesFor(plan: { starts_at: string | null; ends_at: string | null }): RobotEntry[] {
  const starts = plan.starts_at ? when(plan.starts_at) : null;
  const minutes = plan.starts_at && plan.ends_at ? Math.round((Date.parse(plan.ends_at) - Date.parse(plan.starts_at)) / 60_000) : null;
  const time: RobotEntry = {
    topic: "time",
    question: "直播什么时候开始？",
    questionEn: "When does the live start?",
    answer: starts ? `本场直播于北京时间${starts.zh}开始${minutes ? `，时长约${minutes}分钟` : ""}。` : "本场直播的时间尚未确定，确定后会在本页公布。",
    answerEn: starts
      ? `This live starts on ${starts.en} Beijing time${minutes ? ` and runs about ${minutes} minutes` : ""}.`
      : "The time of this live is not set yet; it will be announced on this page.",
    keywords: ["时间", "几点", "什么时候", "time", "when", "start"],
  };
  return [
    time,
    {
      topic: "replay",
      question: "有回放吗？",
      questionEn: "Is there a replay?",
      answer: "有。直播结束后，回放会在本页面提供，重新打开本页即可观看。",
      answerEn: "Yes. After the live ends, the replay is offered on this page; open the page again to watch it.",
      keywords: ["回放", "重播", "录像", "replay", "recording", "playback"],
    },
    {
      topic: "materials",
      question: "课件和资料在哪里下载？",
      questionEn: "Where can I get the slides and materials?",
      answer: "讲者同意公开的课件会在直播结束后放在本页“简介”中；未公开的资料请会后联系讲者。",
      answerEn: "Slides the speakers agree to share are posted under “About” on this page after the live; for anything else, contact the speakers afterwards.",
      keywords: ["课件", "资料", "ppt", "slides", "materials"],
    },
    {
      topic: "certificates",
      question: "有参会证书吗？",
      questionEn: "Is there a certificate of attendance?",
      answer: "本场直播不颁发证书。需要参会证明的，请在讨论区留下姓名与单位，主办方会后统一发送。",
      answerEn:
        "This live gives no certificates. If you need proof of attendance, leave your name and institution in the discussion; the organisers send them afterwards.",
      keywords: ["证书", "证明", "certificate", "certification"],
    },
  ];
}

/** The seeded live rooms' robot lists, once: a database whose operators saved any list is left as it is. */
export function seedRobot(db: Db, now: Date): void {
  if (queries.anyEntries(db)) return;
  db.transaction(() => {
    for (const plan of queries.livePlans(db)) queries.insertEntries(db, plan.id, entriesFor(plan), "seed", now.toISOString());
  })();
}
