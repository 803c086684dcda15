/**
 * The circle through the embedded platform's own calls: the seeded feed (real PNG charts, bilingual people), posting
 * with up to 9 uploaded images (a tenth refused), risk words refused, only the author removes, one praise per person,
 * who may post, and the blacklist: a blocked person's posts and comments vanish for the blocker, and they can no longer
 * comment on, reply to or praise the blocker's posts.
 */
import { describe, expect, it } from "vitest";
import { inflateSync } from "node:zlib";
import { seedCircle } from "@platform/circle/seed.server";
import { uploadsDirFor } from "@platform/files/index.server";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";
import { plainPng } from "./image-samples";

const api = useEmbeddedPlatform("2027-06-01T08:00:00.000Z", { captchaTestMode: true });
const { call } = api;

/** A real PNG (the upload decodes and re-encodes it, ADR 041). */
const PNG = await plainPng(12, 8);

interface Post {
  id: number;
  userId: number;
  userName: string;
  content: string;
  images: string[];
  praiseCount: number;
  praised: boolean;
  commentCount: number;
  mine: boolean;
  link: string;
}

const feed = async (token?: string, query: Record<string, string> = {}) =>
  (await call("/circle/list", { method: "GET", token, query: { pageSize: "50", ...query } })).body.data as { list: Post[]; total: number };

async function uploadImages(token: string, count: number): Promise<string[]> {
  const urls: string[] = [];
  for (let index = 0; index < count; index++) {
    const answer = await call("/file/upload", { body: { purpose: "circle", contentType: "image/png", data: PNG.toString("base64") }, token });
    expect(answer.body.code).toBe(200);
    urls.push(answer.body.data.url);
  }
  return urls;
}

async function post(token: string, content: string, images: string[] = []) {
  return call("/circle/add", { body: { content, images }, token, lang: "zh" });
}

/** The chunks of a PNG, checking each one's CRC, and its pixels inflated. */
function readPng(bytes: Buffer): { width: number; height: number; pixels: Buffer } {
  expect(bytes.subarray(0, 8).equals(PNG.subarray(0, 8))).toBe(true);
  let offset = 8;
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.subarray(offset + 4, offset + 8).toString("latin1");
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") [width, height] = [body.readUInt32BE(0), body.readUInt32BE(4)];
    if (type === "IDAT") data.push(body);
    offset += 12 + length;
  }
  return { width, height, pixels: inflateSync(Buffer.concat(data)) };
}

describe("the seeded circle", () => {
  it("has 15 posts by 8 economists, finance and management scholars, newest first, with real PNG charts", async () => {
    const { list, total } = await feed();
    expect(total).toBe(15);
    expect(new Set(list.map((shown) => shown.userName))).toEqual(
      new Set(["陈思远", "林晓岚", "王志强", "赵雨桐", "周明哲", "Emily Carter", "Rahul Mehta", "Sofia Lindqvist"]),
    );
    expect(list[0].content).toMatch(/^第一次在学术会议上做报告/);
    expect(list.map((shown) => shown.id)).toEqual([...list.map((shown) => shown.id)].sort((a, b) => b - a));
    expect(list.map((shown) => shown.images.length).sort((a, b) => a - b)).toEqual([0, 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 6, 9]);
    const did = list.find((shown) => shown.content.includes("staggered DID"))!;
    expect(did).toMatchObject({ commentCount: 3, praiseCount: 1, praised: false, mine: false, link: `/circleDetail?id=${did.id}` });

    const image = await api.raw("/file/download", {
      method: "GET",
      query: { name: list.find((shown) => shown.images.length === 9)!.images[8].split("name=")[1] },
    });
    expect(image.headers.get("content-type")).toBe("image/png");
    const png = readPng(Buffer.from(await image.arrayBuffer()));
    expect([png.width, png.height]).toEqual([360, 270]);
    expect(png.pixels.length).toBe(270 * (360 * 3 + 1));

    const replies = (await call("/comment/list", { method: "GET", query: { kind: "circle", targetId: String(did.id) } })).body.data.list;
    expect(replies.map((comment: { replyTo: { userName: string } | null }) => comment.replyTo?.userName ?? null)).toEqual(["陈思远", "林晓岚", null]);
  });

  it("seeds once: a second start leaves the circle as it is", async () => {
    seedCircle(api.platform.db, api.now(), uploadsDirFor(":memory:"));
    expect((await feed()).total).toBe(15);
  });
});

describe("posting", () => {
  it("says who may post: signed in with a bound phone", async () => {
    expect((await call("/circle/verify", { method: "GET" })).body.data).toEqual({ canPost: false, reason: "login" });
    const { token, id } = await api.newUser();
    expect((await call("/circle/verify", { method: "GET", token })).body.data).toEqual({ canPost: true, reason: null });
    api.platform.db.prepare("UPDATE users SET is_bind_phone = 0 WHERE id = ?").run(id);
    expect((await call("/circle/verify", { method: "GET", token })).body.data).toEqual({ canPost: false, reason: "bindPhone" });
    expect((await call("/circle/add", { body: { content: "你好" }, token })).body).toMatchObject({
      code: 403,
      message: "Please bind your phone number before posting",
    });
    expect((await call("/circle/add", { body: { content: "你好" } })).body.code).toBe(401);
  });

  it("posts text with 9 images, newest first in the feed and in mine; a tenth image is refused in zh and en", async () => {
    const { token, id } = await api.newUser();
    const images = await uploadImages(token, 10);
    const added = await post(token, "工作论文上线：数字普惠金融与县域创业，附九张图。", images.slice(0, 9));
    expect(added.body).toMatchObject({
      code: 200,
      message: "发布成功",
      data: { userId: id, images: images.slice(0, 9), praiseCount: 0, commentCount: 0, mine: true },
    });
    expect((await feed(token)).list[0].id).toBe(added.body.data.id);
    expect((await call("/circle/mine", { method: "GET", token })).body.data).toMatchObject({ total: 1, list: [{ id: added.body.data.id }] });
    expect((await call("/circle/detail", { method: "GET", query: { id: String(added.body.data.id) } })).body.data).toMatchObject({
      mine: false,
      images: images.slice(0, 9),
    });

    expect((await post(token, "十张图", images)).body).toMatchObject({ code: 400, message: "最多上传9张图片" });
    expect((await call("/circle/add", { body: { content: "Ten images", images }, token, lang: "en" })).body).toMatchObject({
      code: 400,
      message: "Up to 9 images",
    });
  });

  it("refuses empty, too long and wrongly typed posts, images it did not store, and risk words naming the word", async () => {
    const { token } = await api.newUser();
    expect((await post(token, "   ")).body).toMatchObject({ code: 400, message: "请输入动态内容" });
    expect((await post(token, "字".repeat(1001))).body).toMatchObject({ code: 400, message: "动态最多1000个字" });
    expect((await post(token, "字".repeat(1000))).body.code).toBe(200);
    expect((await call("/circle/add", { body: { content: 12345 }, token })).body.code).toBe(400);
    expect((await call("/circle/add", { body: { content: "x", images: "/api/file/download?name=a.png" }, token })).body.code).toBe(400);
    expect((await post(token, "外链图", ["https://evil.example/x.png"])).body).toMatchObject({ code: 400, message: "图片无效，请重新上传" });
    expect((await post(token, "没有上传过的图", [`/api/file/download?name=${"a".repeat(32)}.png`])).body).toMatchObject({
      code: 400,
      message: "图片不存在，请重新上传",
    });
    expect((await post(token, "专业代写论文，包过")).body).toMatchObject({
      code: 400,
      message: "内容包含违规词“代写论文”，请修改后再提交",
      data: { word: "代写论文" },
    });
  });

  it("limits posting per person", async () => {
    const { token } = await api.newUser();
    const codes: number[] = [];
    for (let index = 0; index < 11; index++) codes.push((await post(token, `第${index + 1}条`)).body.code);
    expect(codes).toEqual([...Array(10).fill(200), 429]);
  });
});

describe("removing and praising", () => {
  it("lets only the author remove a post; then it and its comments are gone", async () => {
    const author = await api.newUser();
    const other = await api.newUser();
    const id = (await post(author.token, "一条会被删除的动态")).body.data.id;
    expect((await call("/comment/add", { body: { kind: "circle", targetId: id, content: "先留个言" }, token: other.token })).body.code).toBe(200);
    expect((await call("/circle/remove", { body: { id }, token: other.token })).body).toMatchObject({
      code: 403,
      message: "You can only remove your own posts",
    });
    expect((await call("/circle/remove", { body: { id }, token: author.token })).body.code).toBe(200);
    expect((await call("/circle/remove", { body: { id }, token: author.token })).body.code).toBe(404);
    expect((await call("/circle/detail", { method: "GET", query: { id: String(id) } })).body.code).toBe(404);
    expect((await feed()).list.some((shown) => shown.id === id)).toBe(false);
    expect((await call("/comment/list", { method: "GET", query: { kind: "circle", targetId: String(id) } })).body.code).toBe(404);
    for (const bad of ["abc", "0", "-1", "1.5"]) {
      expect((await call("/circle/detail", { method: "GET", query: { id: bad } })).body.code).toBe(404);
      expect((await call("/circle/remove", { body: { id: bad }, token: author.token })).body.code).toBe(400);
    }
    expect((await call("/circle/detail", { method: "GET", query: { id: "999999" } })).body.code).toBe(404);
    // A JSON array or boolean is no id, even where Number() would read one ([7] is 7, true is 1).
    const live = (await post(author.token, "还在的动态")).body.data.id as number;
    for (const bad of [[live], true, { id: live }]) {
      expect((await call("/circle/praise", { body: { id: bad }, token: other.token })).body.code).toBe(400);
      expect((await call("/circle/remove", { body: { id: bad }, token: author.token })).body.code).toBe(400);
      expect((await call("/comment/list", { body: { kind: "circle", targetId: bad } })).body.code).toBe(400);
    }
    expect((await call("/circle/detail", { method: "GET", query: { id: String(live) } })).body.code).toBe(200);
  });

  it("counts one praise per person and toggles it", async () => {
    const author = await api.newUser();
    const fan = await api.newUser();
    const id = (await post(author.token, "求点赞")).body.data.id;
    const praise = (token: string) => call("/circle/praise", { body: { id }, token });
    expect((await praise(fan.token)).body.data).toEqual({ id, praised: true, praiseCount: 1 });
    expect((await praise(author.token)).body.data).toEqual({ id, praised: true, praiseCount: 2 });
    expect((await praise(fan.token)).body.data).toEqual({ id, praised: false, praiseCount: 1 });
    await Promise.all([praise(fan.token), praise(fan.token)]);
    expect((await call("/circle/detail", { method: "GET", query: { id: String(id) }, token: fan.token })).body.data).toMatchObject({
      praiseCount: 1,
      praised: false,
    });
    expect((await call("/circle/praise", { body: { id: 999999 }, token: fan.token })).body.code).toBe(404);
    expect((await call("/circle/praise", { body: { id } })).body.code).toBe(401);
  });
});

describe("the blacklist in the circle", () => {
  it("hides a blocked person's posts and comments from the blocker, and refuses their comments, replies and praise", async () => {
    const me = await api.newUser();
    const troll = await api.newUser();
    const mine = (await post(me.token, "我的研究笔记")).body.data.id;
    const theirs = (await post(troll.token, "一条会被拉黑的人的动态")).body.data.id;
    expect((await call("/comment/add", { body: { kind: "circle", targetId: mine, content: "我的评论" }, token: me.token })).body.code).toBe(200);
    expect((await call("/comment/add", { body: { kind: "circle", targetId: mine, content: "拉黑前的评论" }, token: troll.token })).body.code).toBe(200);

    expect((await call("/userBlack/add", { body: { userId: troll.id }, token: me.token })).body.code).toBe(200);
    expect((await feed(me.token)).list.some((shown) => shown.id === theirs)).toBe(false);
    expect((await feed(me.token, { userId: String(troll.id) })).total).toBe(0);
    expect((await call("/circle/detail", { method: "GET", query: { id: String(theirs) }, token: me.token })).body.code).toBe(404);
    const comments = (await call("/comment/list", { method: "GET", query: { kind: "circle", targetId: String(mine) }, token: me.token })).body.data;
    expect(comments.list.map((comment: { content: string }) => comment.content)).toEqual(["我的评论"]);
    expect((await call("/circle/detail", { method: "GET", query: { id: String(mine) }, token: me.token })).body.data.commentCount).toBe(1);
    // Others still see both.
    expect((await feed()).list.some((shown) => shown.id === theirs)).toBe(true);
    expect((await call("/circle/detail", { method: "GET", query: { id: String(mine) } })).body.data.commentCount).toBe(2);

    const refused = { code: 403, message: "对方已将你加入黑名单，无法评论或回复" };
    expect((await call("/comment/add", { body: { kind: "circle", targetId: mine, content: "再来" }, token: troll.token, lang: "zh" })).body).toMatchObject(
      refused,
    );
    const elsewhere = (await post((await api.newUser()).token, "第三人的动态")).body.data.id;
    const myReply = (await call("/comment/add", { body: { kind: "circle", targetId: elsewhere, content: "我在别处的评论" }, token: me.token })).body.data.id;
    expect(
      (await call("/comment/add", { body: { kind: "circle", targetId: elsewhere, content: "回复你", replyTo: myReply }, token: troll.token, lang: "zh" })).body,
    ).toMatchObject(refused);
    expect((await call("/circle/praise", { body: { id: mine }, token: troll.token })).body.code).toBe(403);

    expect((await call("/userBlack/remove", { body: { userId: troll.id }, token: me.token })).body.code).toBe(200);
    expect((await feed(me.token)).list.some((shown) => shown.id === theirs)).toBe(true);
    expect((await call("/comment/add", { body: { kind: "circle", targetId: mine, content: "和好了" }, token: troll.token })).body.code).toBe(200);
  });

  it("answers a person's posts by userId, and refuses an id that is not one", async () => {
    const { token, id } = await api.newUser();
    await post(token, "个人主页上的动态");
    expect((await feed(undefined, { userId: String(id) })).list.map((shown) => shown.content)).toEqual(["个人主页上的动态"]);
    expect((await call("/circle/list", { method: "GET", query: { userId: "x" } })).body.code).toBe(400);
    expect((await call("/circle/mine", { method: "GET" })).body.code).toBe(401);
  });
});
