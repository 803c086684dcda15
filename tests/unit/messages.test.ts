/**
 * The message centre through the embedded platform's calls (ADR 063): notices written where things happen (a follow,
 * a reply, a mention), direct messages that respect the blacklist either way, risk words and the rate limit, read one
 * channel and read all (20+ at once), and reminders sent once when a live starts.
 */
import { describe, expect, it } from "vitest";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";
import { phonePhoto } from "./image-samples";
import { DIRECT_RATE, directChannel, IM_API, NOTICE_CHANNEL } from "@contracts/messages";

const api = useEmbeddedPlatform("2027-06-02T03:00:00.000Z", { captchaTestMode: true });
const { call } = api;
const unread = async (token: string) => (await call(IM_API.unread, { token, method: "GET" })).body.data.unread as number;
const send = (token: string, toUserId: number, text: string, lang: "zh" | "en" = "en") => call(IM_API.send, { token, body: { toUserId, text }, lang });

describe("notices", () => {
  it("tells a person who followed them, and who replied to and mentioned them", async () => {
    const writer = await api.newUser();
    const reader = await api.newUser();
    api.platform.db.prepare("UPDATE users SET nickname = ? WHERE id = ?").run("货币观察员甲", writer.id);
    await call("/follow/doFollow", { token: reader.token, body: { userId: writer.id } });
    const notices = (await call(IM_API.messages, { token: writer.token, method: "GET", query: { channelId: NOTICE_CHANNEL } })).body.data.list;
    expect(notices[0]).toMatchObject({ kind: "follow", from: "notice", read: false, link: `/userHome?userId=${reader.id}` });
    const circle = await call("/circle/add", { token: writer.token, body: { content: "今天读了一篇关于货币政策传导的论文" } });
    const postId = circle.body.data.id as number;
    const comment = await call("/comment/add", { token: writer.token, body: { kind: "circle", targetId: postId, content: "欢迎讨论" } });
    const reply = await call("/comment/add", {
      token: reader.token,
      body: { kind: "circle", targetId: postId, content: "同意 @货币观察员甲 的看法", replyTo: comment.body.data.id },
    });
    expect(reply.body.code).toBe(200);
    const latest = (await call(IM_API.messages, { token: writer.token, method: "GET", query: { channelId: NOTICE_CHANNEL } })).body.data.list;
    expect(latest[0]).toMatchObject({ kind: "reply", text: "同意 @货币观察员甲 的看法" });
    // The one replied to is told of the reply, not a second time of the mention.
    expect(latest.filter((notice: { kind: string }) => notice.kind === "mention")).toHaveLength(0);
    // Someone else named with @ is told of the mention.
    const third = await api.newUser();
    const mention = await call("/comment/add", {
      token: third.token,
      body: { kind: "circle", targetId: postId, content: "@货币观察员甲 写得好" },
      ip: api.freshIp(),
    });
    expect(mention.body.message).toBe("Comment posted");
    const mentioned = (await call(IM_API.messages, { token: writer.token, method: "GET", query: { channelId: NOTICE_CHANNEL } })).body.data.list;
    expect(mentioned[0]).toMatchObject({ kind: "mention", text: "@货币观察员甲 写得好" });
    expect(await unread(writer.token)).toBeGreaterThanOrEqual(1);
  });
});

describe("direct messages", () => {
  it("delivers a message into both people's conversation, unread for the recipient until read", async () => {
    const alice = await api.newUser();
    const bob = await api.newUser();
    const sent = await send(alice.token, bob.id, "你好，想请教一个问题");
    expect(sent.body).toMatchObject({ code: 200, data: { from: "mine", channelId: directChannel(bob.id), read: true } });
    const theirs = (await call(IM_API.messages, { token: bob.token, method: "GET", query: { channelId: directChannel(alice.id) } })).body.data.list;
    expect(theirs[0]).toMatchObject({ from: "theirs", text: "你好，想请教一个问题", read: false });
    const channels = (await call(IM_API.channels, { token: bob.token, method: "GET" })).body.data.list;
    expect(channels.find((channel: { channelId: string }) => channel.channelId === directChannel(alice.id))).toMatchObject({
      unread: 1,
      peer: { id: alice.id },
    });
    expect((await call(IM_API.read, { token: bob.token, body: { channelId: directChannel(alice.id) } })).body.data.unread).toBe(await unread(bob.token));
    expect((await call(IM_API.messages, { token: bob.token, method: "GET", query: { channelId: directChannel(alice.id) } })).body.data.list[0].read).toBe(true);
  });

  it("obeys the blacklist either way, refuses risk words at the field, and limits how fast one writes", async () => {
    const alice = await api.newUser();
    const bob = await api.newUser();
    await call("/userBlack/add", { token: bob.token, body: { userId: alice.id } });
    const refused = await send(alice.token, bob.id, "在吗", "zh");
    expect(refused.body).toMatchObject({ code: 403, message: "对方已将你加入黑名单，无法发送", data: { blocked: "byPeer" } });
    expect((await send(bob.token, alice.id, "hello")).body.data).toMatchObject({ blocked: "byMe" });
    await call("/userBlack/remove", { token: bob.token, body: { userId: alice.id } });
    const word = api.platform.db.prepare("SELECT word FROM risk_words WHERE word <> '' LIMIT 1").pluck().get() as string;
    expect((await send(alice.token, bob.id, `看看这个${word}`)).body).toMatchObject({ code: 400, data: { word, field: "text" } });
    expect((await send(alice.token, bob.id, "   ")).body).toMatchObject({ code: 400, data: { field: "text" } });
    const burst = await Promise.all(Array.from({ length: DIRECT_RATE.perWindow + 5 }, (_, index) => send(alice.token, bob.id, `第${index}条`)));
    expect(burst.filter((answer) => answer.body.code === 200)).toHaveLength(DIRECT_RATE.perWindow);
    expect(burst.filter((answer) => answer.body.code === 429)).toHaveLength(5);
  });

  it("takes a picture only from the image pipeline, checked by the composer's schema", async () => {
    const alice = await api.newUser();
    const bob = await api.newUser();
    const foreign = await call(IM_API.send, { token: alice.token, body: { toUserId: bob.id, imageUrl: "https://evil.example/x.png" } });
    expect(foreign.body).toMatchObject({ code: 400, data: { fields: { imageUrl: "messages:composer.imageInvalid" } } });
    const missing = await call(IM_API.send, { token: alice.token, body: { toUserId: bob.id, imageUrl: `/api/file/download?name=${"a".repeat(32)}.png` } });
    expect(missing.body).toMatchObject({ code: 400, data: { field: "image" } });
    const tooLong = await send(alice.token, bob.id, "字".repeat(501), "zh");
    expect(tooLong.body).toMatchObject({ code: 400, data: { fields: { text: "messages:composer.tooLong" } } });
  });

  it("sends a picture the upload re-encoded, which arrives on the recipient's socket; the blacklist and the rate apply to pictures", async () => {
    const alice = await api.newUser();
    const bob = await api.newUser();
    const photo = await phonePhoto(1200, 900);
    const upload = await call("/file/upload", { token: alice.token, body: { purpose: "circle", contentType: "image/jpeg", data: photo.toString("base64") } });
    const imageUrl = upload.body.data.url as string;
    const before = api.platform.messages.latestIds(bob.id);
    const sent = await call(IM_API.send, { token: alice.token, body: { toUserId: bob.id, imageUrl } });
    expect(sent.body.data).toMatchObject({ from: "mine", imageUrl, text: "" });
    const arriving = api.platform.messages.newFor(bob.id, before.notice, before.direct);
    expect(arriving).toEqual([expect.objectContaining({ channelId: directChannel(alice.id), from: "theirs", imageUrl })]);
    await call("/userBlack/add", { token: bob.token, body: { userId: alice.id } });
    const blocked = await call(IM_API.send, { token: alice.token, body: { toUserId: bob.id, imageUrl } });
    expect(blocked.body).toMatchObject({ code: 403, data: { blocked: "byPeer" } });
    await call("/userBlack/remove", { token: bob.token, body: { userId: alice.id } });
    const burst = await Promise.all(
      Array.from({ length: DIRECT_RATE.perWindow + 2 }, () => call(IM_API.send, { token: alice.token, body: { toUserId: bob.id, imageUrl } })),
    );
    expect(burst.filter((answer) => answer.body.code === 429).length).toBeGreaterThanOrEqual(2);
  });

  it("reads all at once: 20 concurrent read-alls and late messages leave the right count", async () => {
    const reader = await api.newUser();
    const writers = await Promise.all(Array.from({ length: 3 }, () => api.newUser()));
    for (const writer of writers) await send(writer.token, reader.id, "新消息");
    expect(await unread(reader.token)).toBeGreaterThanOrEqual(3);
    const answers = await Promise.all(Array.from({ length: 20 }, () => call(IM_API.readAll, { token: reader.token })));
    expect(answers.every((answer) => answer.body.code === 200)).toBe(true);
    expect(await unread(reader.token)).toBe(0);
    await send(writers[0].token, reader.id, "又一条");
    expect(await unread(reader.token)).toBe(1);
  });
});

describe("reminders", () => {
  it("reminds once when a live starts, and refuses one that already started", async () => {
    const { token } = await api.newUser();
    const plan = api.platform.db.prepare("SELECT id, title FROM items WHERE kind = 'live' AND status = 0 ORDER BY id LIMIT 1").get() as {
      id: number;
      title: string;
    };
    const living = api.platform.db.prepare("SELECT id FROM items WHERE kind = 'live' AND status = 2 LIMIT 1").pluck().get() as number;
    expect((await call(IM_API.remind, { token, body: { itemId: living } })).body.code).toBe(400);
    expect((await call(IM_API.remind, { token, body: { itemId: plan.id } })).body.data).toEqual({ reminding: true });
    expect((await call(IM_API.reminderState, { token, method: "GET", query: { itemId: String(plan.id) } })).body.data.reminding).toBe(true);
    const before = await unread(token);
    api.platform.db.prepare("UPDATE items SET status = 2 WHERE id = ?").run(plan.id);
    expect(api.platform.messages.sendReminders(api.now())).toBeGreaterThanOrEqual(1);
    expect(api.platform.messages.sendReminders(api.now())).toBe(0);
    expect(await unread(token)).toBe(before + 1);
    const notice = (await call(IM_API.messages, { token, method: "GET", query: { channelId: NOTICE_CHANNEL } })).body.data.list[0];
    expect(notice).toMatchObject({ kind: "reminder", title: `开始了：${plan.title}`, link: `/viewLive?id=${plan.id}` });
  });
});
