import { randomBytes } from "node:crypto";
import type { Db } from "../kernel/db.server.ts";
import type { Accounts, UserRow } from "../accounts/index.server.ts";
import { fail, ok, type ApiContext, type Envelope, type RouteDefinition } from "../kernel/router.server.ts";
import { formKit, validateBody } from "../kernel/request-body.server.ts";
import { say } from "../kernel/language.server.ts";
import { positiveId } from "../community/rules.server.ts";
import { shareRecordSchema, shareRecordValidators } from "@schemas/generated/form-kits.ts";
import type { ShareRecordForm } from "@schemas/generated/forms.ts";
import { SHARE_API } from "@contracts/sharing.ts";
import * as queries from "./queries.server.ts";
import { recordShare, shareSignature } from "./rules.server.ts";

const SHARE_URL_MAX = 500;

const shareKit = formKit(shareRecordSchema, shareRecordValidators);

function record(db: Db, context: ApiContext, user: UserRow): Envelope {
  const body = validateBody<ShareRecordForm>(context, shareKit);
  if (!body.ok) return body.envelope;
  const { itemId, channel } = body.value;
  if (!queries.itemSeen(db, itemId, user.id)) return fail(404, say(context, "内容不存在", "Not found"));
  return ok({ itemId, ...recordShare(db, user.id, itemId, channel, context.now()) });
}

function count(db: Db, context: ApiContext): Envelope {
  const itemId = positiveId(context.params.itemId);
  if (itemId === null) return fail(400, say(context, "itemId 必须是正整数", "itemId must be a positive integer"));
  return ok({ itemId, count: queries.shareCount(db, itemId) });
}

/** Share records and counts (spec §7 /share/*, ADR 092). */
export function sharingRoutes(db: Db, accounts: Accounts): RouteDefinition[] {
  return [
    { method: "POST", path: SHARE_API.record, handler: accounts.withUser((context, user) => record(db, context, user)) },
    { method: "ANY", path: SHARE_API.count, handler: (context) => count(db, context) },
  ];
}

/** The messaging app's share configuration of a page (/wechat/getShare): its app id and signature over the page URL. */
export function shareConfigRoutes(options: { shareAppId: string; shareTicket: string }): RouteDefinition[] {
  const config = (context: ApiContext): Envelope => {
    const raw = typeof context.params.url === "string" ? context.params.url : "";
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return fail(400, say(context, "url无效", "url is invalid"));
    }
    if (raw.length > SHARE_URL_MAX || (url.protocol !== "http:" && url.protocol !== "https:")) return fail(400, say(context, "url无效", "url is invalid"));
    url.hash = "";
    const nonceStr = randomBytes(8).toString("hex");
    const timestamp = Math.floor(context.now().getTime() / 1000);
    return ok({
      appId: options.shareAppId,
      timestamp,
      nonceStr,
      signature: shareSignature(options.shareTicket, url.toString(), nonceStr, timestamp),
      url: url.toString(),
    });
  };
  return [{ method: "POST", path: "/wechat/getShare", handler: config }];
}
