/**
 * Share records (ADR 092, spec §7 /share/*): once per person, item and channel per Asia/Shanghai day, twenty identical
 * records at once leave one row, and the item's count is what the share button shows.
 */
import { describe, expect, it } from "vitest";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";
import { SHARE_API } from "@contracts/sharing";

// 15:30 UTC is 23:30 in Shanghai: half an hour later is the next Shanghai day.
const api = useEmbeddedPlatform("2027-06-02T15:30:00.000Z", { captchaTestMode: true });
const { call } = api;
const itemId = () => api.platform.db.prepare("SELECT id FROM items WHERE kind = 'video' ORDER BY id LIMIT 1").pluck().get() as number;
const share = (token: string, id: number, channel: string) => call(SHARE_API.record, { token, body: { itemId: id, channel } });
const rows = (userId: number, id: number) =>
  api.platform.db.prepare("SELECT COUNT(*) FROM share_records WHERE user_id = ? AND item_id = ?").pluck().get(userId, id) as number;
const count = async (id: number) => (await call(SHARE_API.count, { method: "GET", query: { itemId: String(id) } })).body.data.count as number;

describe("share records", () => {
  it("keeps one row for 20 concurrent identical records, all answering the same count", async () => {
    const reader = await api.newUser();
    const id = itemId();
    const before = await count(id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => share(reader.token, id, "link")));
    expect(answers.every((answer) => answer.body.code === 200 && answer.body.data.count === before + 1)).toBe(true);
    expect(answers.filter((answer) => answer.body.data.recorded)).toHaveLength(1);
    expect(rows(reader.id, id)).toBe(1);
    expect(await count(id)).toBe(before + 1);
  });

  it("counts another channel, and the same channel again on the next Shanghai day", async () => {
    const reader = await api.newUser();
    const id = itemId();
    await share(reader.token, id, "link");
    expect((await share(reader.token, id, "poster")).body.data.recorded).toBe(true);
    expect((await share(reader.token, id, "link")).body.data.recorded).toBe(false);
    api.advance(31 * 60_000);
    expect((await share(reader.token, id, "link")).body.data.recorded).toBe(true);
    expect(rows(reader.id, id)).toBe(3);
  });

  it("refuses a visitor, an unknown channel or item, and an essay the person may not see", async () => {
    const reader = await api.newUser();
    expect((await call(SHARE_API.record, { body: { itemId: itemId(), channel: "link" } })).body.code).not.toBe(200);
    const channel = await share(reader.token, itemId(), "fax");
    expect(channel.body).toMatchObject({ code: 400, data: { fields: { channel: "share:record.channelInvalid" } } });
    expect((await share(reader.token, 99_999_999, "link")).body.code).toBe(404);
    const draft = api.platform.db.prepare("SELECT item_id FROM essays WHERE status <> 'released' LIMIT 1").pluck().get() as number | undefined;
    if (draft !== undefined) expect((await share(reader.token, draft, "link")).body.code).toBe(404);
    expect((await call(SHARE_API.count, { method: "GET", query: { itemId: "abc" } })).body.code).toBe(400);
  });
});
