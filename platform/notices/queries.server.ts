import type { Db } from "../kernel/db.server.ts";
import type { NoticeKind } from "@contracts/messages.ts";

/** What the platform tells one person in the message centre (ADR 063); kept apart so any area may write one. */
export interface NoticeInput {
  kind: NoticeKind;
  title: string;
  titleEn: string;
  body?: string;
  bodyEn?: string;
  link?: string;
}

export function insertNotice(db: Db, userId: number, notice: NoticeInput, at: string): void {
  db.prepare("INSERT INTO im_notices (user_id, kind, title, title_en, body, body_en, link, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)").run(
    userId,
    notice.kind,
    notice.title,
    notice.titleEn,
    notice.body ?? "",
    notice.bodyEn ?? "",
    notice.link ?? "",
    at,
  );
}
