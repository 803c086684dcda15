/**
 * What the accounts issue added to the embedded platform and its developer tools: image upload and download,
 * the user's own profile (nickname under the free-text rule, avatar), the promotion switch, and the account actions
 * of /dev/users (create, disable → code 4, VIP).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import express from "express";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEmbeddedPlatform, type EmbeddedPlatform } from "@platform/index.server";
import { sniffImage } from "@contracts/images.server";
import { devTools } from "@server/dev-tools.server";
import { plainJpeg, plainPng } from "./image-samples";

interface Body {
  code: number;
  message: string;
  data?: any;
}

let directory: string;
let platform: EmbeddedPlatform;
let server: Server;
let base: string;
const now = () => new Date("2027-05-01T08:00:00.000Z");

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), "files-"));
  platform = createEmbeddedPlatform({ file: join(directory, "p.sqlite"), now, captchaTestMode: true, log: () => {} });
  const app = express();
  app.use(devTools(platform, "loopback"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
  platform.close();
  rmSync(directory, { recursive: true, force: true });
});

async function call(path: string, body: Record<string, unknown> = {}, options: { token?: string; lang?: "zh" | "en"; method?: "GET" | "POST" } = {}) {
  const method = options.method ?? "POST";
  const headers: Record<string, string> = { "content-type": "application/json", lang: options.lang ?? "zh" };
  if (options.token) headers.token = options.token;
  const url = method === "GET" ? `http://embedded/api${path}?${new URLSearchParams(body as Record<string, string>)}` : `http://embedded/api${path}`;
  const response = await platform.api.fetch(new Request(url, { method, headers, body: method === "GET" ? undefined : JSON.stringify(body) }));
  return response;
}

async function json(
  path: string,
  body: Record<string, unknown> = {},
  options: { token?: string; lang?: "zh" | "en"; method?: "GET" | "POST" } = {},
): Promise<Body> {
  return (await call(path, body, options)).json() as Promise<Body>;
}

async function dev(path: string, form: Record<string, string>) {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

let phoneCount = 0;
async function signedIn(): Promise<{ token: string; phone: string }> {
  const phone = `1390000${String(++phoneCount).padStart(4, "0")}`;
  expect((await dev("/dev/users", { userName: phone, password: "abc12345", action: "create" })).status).toBe(200);
  const login = await json("/web/login", { mobile: phone, mobilePrefix: "86", password: "abc12345" });
  expect(login.code).toBe(100000);
  return { token: login.data.token, phone };
}

const JPEG = await plainJpeg(6, 4);
const PNG = await plainPng(6, 4);

describe("image upload and download", () => {
  it("stores a JPEG or PNG under the data folder and serves it back", async () => {
    const { token } = await signedIn();
    const uploaded = await json("/file/upload", { contentType: "image/jpeg", data: JPEG.toString("base64") }, { token });
    expect(uploaded.code).toBe(200);
    expect(uploaded.data.url).toMatch(/^\/api\/file\/download\?name=[a-f0-9]{32}\.jpg$/);
    const name = uploaded.data.url.split("name=")[1];
    expect(existsSync(join(directory, "uploads", name))).toBe(true);
    const served = await call("/file/download", { name }, { method: "GET" });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    // The pipeline's own encoding of the same picture (ADR 041).
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(sniffImage(bytes)).toBe("image/jpeg");
    expect(bytes.equals(JPEG)).toBe(false);
    const png = await json("/file/upload", { contentType: "image/png", data: `data:image/png;base64,${PNG.toString("base64")}` }, { token });
    expect(png.data.url).toMatch(/\.png$/);
  });

  it("refuses other types, bytes that are not what they claim, and callers without a session", async () => {
    const { token } = await signedIn();
    expect(await json("/file/upload", { contentType: "image/gif", data: Buffer.from("GIF89a").toString("base64") }, { token })).toMatchObject({
      code: 400,
      message: "请上传JPG或PNG格式的图片",
    });
    expect(await json("/file/upload", { contentType: "image/png", data: Buffer.from("<html>").toString("base64") }, { token, lang: "en" })).toMatchObject({
      code: 400,
      message: "Please upload a JPG or PNG image",
    });
    // The declared type counts for nothing: JPEG bytes declared as PNG are stored as the JPEG they are.
    expect((await json("/file/upload", { contentType: "image/png", data: JPEG.toString("base64") }, { token })).data.url).toMatch(/\.jpg$/);
    expect(await json("/file/upload", { contentType: "image/jpeg", data: "" }, { token })).toMatchObject({ code: 400, message: "请上传JPG或PNG格式的图片" });
    const big = Buffer.concat([JPEG, Buffer.alloc(2 * 1024 * 1024)]);
    expect(await json("/file/upload", { contentType: "image/jpeg", data: big.toString("base64") }, { token })).toMatchObject({
      code: 400,
      message: "图片大小不能超过2MB",
    });
    expect((await json("/file/upload", { contentType: "image/jpeg", data: JPEG.toString("base64") })).code).toBe(401);
  });

  it("serves only names it gave out", async () => {
    for (const name of ["../p.sqlite", "missing.jpg", "x.svg", ""]) expect((await call("/file/download", { name }, { method: "GET" })).status, name).toBe(404);
  });
});

describe("the user's profile", () => {
  it("sets the nickname under the free-text limit of 50, in both languages", async () => {
    const { token } = await signedIn();
    const saved = await json("/userInfo/info", { nickname: "Labour economist 2027" }, { token });
    expect(saved).toMatchObject({ code: 200, message: "保存成功", data: { nickname: "Labour economist 2027" } });
    expect((await json("/web/getUserInfoWithToken", {}, { token, method: "GET" })).data.nickname).toBe("Labour economist 2027");
    expect(await json("/userInfo/info", { nickname: "名".repeat(51) }, { token })).toMatchObject({
      code: 400,
      message: "不能超过50个字（一个英文单词或一个数字算一个字）",
    });
    expect(await json("/userInfo/info", { nickname: Array(51).fill("word").join(" ") }, { token, lang: "en" })).toMatchObject({
      code: 400,
      message: "At most 50 (an English word or a number counts as one)",
    });
    expect((await json("/userInfo/info", { nickname: Array(50).fill("word").join(" ") }, { token })).code).toBe(200);
    expect(await json("/userInfo/info", {}, { token })).toMatchObject({ code: 400, message: "请输入昵称" });
  });

  it("sets the avatar to an uploaded image only", async () => {
    const { token } = await signedIn();
    const url = (await json("/file/upload", { contentType: "image/jpeg", data: JPEG.toString("base64") }, { token })).data.url;
    expect((await json("/userInfo/info", { portraitUrl: url }, { token })).data.portraitUrl).toBe(url);
    expect((await json("/userInfo/info", { portraitUrl: "/api/file/download?name=abcdef.jpg" }, { token })).code).toBe(400);
    expect((await json("/userInfo/info", { portraitUrl: "https://evil.example/x.jpg" }, { token })).message).toBe("头像地址无效");
  });
});

describe("developer tools for accounts and promotions", () => {
  it("disables an account (code 4 on its calls) and enables it again; makes a VIP", async () => {
    const { token, phone } = await signedIn();
    expect((await dev("/dev/users", { userName: phone, action: "disable" })).body).toEqual({ ok: true, userName: phone, action: "disable" });
    expect(await json("/web/isLogin", {}, { token, method: "GET" })).toMatchObject({ code: 4, message: "账号已被停用，请联系客服" });
    await dev("/dev/users", { userName: phone, action: "enable" });
    expect((await json("/web/isLogin", {}, { token, method: "GET" })).code).toBe(200);
    await dev("/dev/users", { userName: phone, action: "vip" });
    expect((await json("/web/isLogin", {}, { token, method: "GET" })).data.isVip).toBe(true);
    expect((await dev("/dev/users", { userName: "nobody", action: "disable" })).status).toBe(400);
    expect((await dev("/dev/users", { userName: phone, action: "drop" })).status).toBe(400);
    expect((await dev("/dev/users", { userName: "13900009999", password: "short", action: "create" })).status).toBe(400);
    expect((await dev("/dev/users", { userName: phone, password: "abc12345", action: "create" })).status).toBe(400);
  });

  it("switches the first-visit promotion off (nothing, the visit still to come) and on", async () => {
    expect((await dev("/dev/promotions", { firstVisit: "off" })).body).toEqual({ firstVisit: false });
    expect((await json("/firstEven/checkFirstEvenAd", { deviceId: "device-promo-0001" })).data).toBeNull();
    expect((await dev("/dev/promotions", { firstVisit: "on" })).body).toEqual({ firstVisit: true });
    expect((await json("/firstEven/checkFirstEvenAd", { deviceId: "device-promo-0001" })).data).toMatchObject({ jumpType: 2 });
    expect((await json("/firstEven/checkFirstEvenAd", { deviceId: "device-promo-0001" })).data).toBeNull();
  });
});
