/**
 * Authorisation (issue 17): every call that takes the id of something a user owns — an address, an order, a coupon,
 * a comment, a help link — made by another user. Goal: 0 reads and 0 writes of someone else's data.
 */
import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { OPS_EVENT_API } from "../../contracts/ops-event";
import { OPS_API } from "../../contracts/ops";
import { callAs, newPerson, printFigures, addAddress } from "./support";

test("another user reads or changes nothing of a user's own data by its id", async ({ request }) => {
  const owner = await newPerson(request);
  const other = await newPerson(request);
  const key = () => randomBytes(12).toString("hex");

  const address = (await addAddress(request, owner)).data;
  const centre = (await callAs(request, owner, "/coupon/centerCouponList", {})).data.list as { couponId: number; scope: string }[];
  const claimed = (await callAs(request, owner, "/coupon/addActivityCoupon", { couponId: centre.find((coupon) => coupon.scope === "all")!.couponId })).data;
  const goods = ((await (await request.get("/api/goods/list")).json()).data.list as { productId: number }[])[1];
  const order = (await callAs(request, owner, "/order/confirmPay", { productId: goods.productId, quantity: 2, addressId: address.id, idempotencyKey: key() }))
    .data;
  const video = ((await (await request.get("/api/video/list?pageSize=1")).json()).data.list as { id: number }[])[0];
  const comment = (await callAs(request, owner, "/video/addVideoComment", { videoId: video.id, content: "我的评论" })).data;
  const link = (await callAs(request, owner, "/activityGiveCoupon/addGiveLink", {})).data;
  expect([address?.id, claimed?.userCouponId, order?.orderNo, comment?.id, link?.code].every(Boolean)).toBe(true);

  const probes: [string, Record<string, unknown>][] = [
    ["/userAddress/detail", { id: address.id }],
    [
      "/userAddress/operation",
      { id: address.id, receiver: "李四", phone: "13900139000", provinceCode: "110000", cityCode: "110000", districtCode: "110108", detail: "改掉" },
    ],
    ["/userAddress/setDefault", { id: address.id }],
    ["/userAddress/delete", { id: address.id }],
    ["/order/details", { orderNo: order.orderNo }],
    ["/order/getPaystatus", { orderNo: order.orderNo }],
    ["/order/cancel", { orderNo: order.orderNo }],
    ["/order/confirmPay", { orderNo: order.orderNo, idempotencyKey: key() }],
    ["/order/confirmPay", { productId: goods.productId, addressId: address.id, idempotencyKey: key() }],
    ["/order/caculatePrice", { productId: goods.productId, quantity: 2, userCouponId: claimed.userCouponId }],
    ["/order/confirmPay", { productId: goods.productId, quantity: 2, userCouponId: claimed.userCouponId, idempotencyKey: key() }],
    ["/video/delVideoComment", { id: comment.id }],
  ];
  const leaks: string[] = [];
  for (const [path, body] of probes) {
    const answer = await callAs(request, other, path, body);
    const text = JSON.stringify(answer.data ?? "");
    if (answer.code === 200 || text.includes("颐和园路") || text.includes(order.orderNo)) leaks.push(`${path} ${JSON.stringify(body)} → ${answer.code}`);
  }
  // The owner's things are as they were.
  const mine = (await callAs(request, owner, "/userAddress/detail", { id: address.id })).data;
  const stillOpen = (await callAs(request, owner, "/order/details", { orderNo: order.orderNo })).data;
  const comments = (await (await request.get(`/api/video/videoCommentList?videoId=${video.id}&pageSize=50`)).json()).data.list as { id: number }[];
  const unchanged = mine?.detail === "颐和园路5号" && stillOpen?.status === "created" && comments.some((entry) => entry.id === comment.id);
  // Helping one's own link is refused; another user helping is allowed (it is what the link is for), once.
  expect((await callAs(request, owner, "/coupon/addActivityCouponFromGiveLink", { code: link.code })).code).toBe(400);

  printFigures("Authorisation", {
    "calls with another user's ids": probes.length,
    "reads or writes allowed": leaks.length,
    "owner's data unchanged": unchanged ? "yes" : "no",
  });
  expect(leaks).toEqual([]);
  expect(unchanged).toBe(true);
});

test("a member of the site reaches no part of the operations console, and nobody its platform paths", async ({ request }) => {
  const member = await newPerson(request);
  const asMember = { ...member.headers, cookie: `token=${member.token}` };
  let refused = 0;
  // What the platform answers the console (captcha, hot searches) is our server's alone: the public API proxy answers as
  // for a path it does not know.
  for (const path of [
    "/opsConsole/live",
    "/opsConsole/login",
    "/opsConsole/pages",
    "/opsConsole/publish",
    "/opsConsole/captcha/spend",
    "/opsConsole/hotSearches",
    "/opsConsole/hotSearches/hide",
    "/opsConsole/hotSearches/show",
    "/opsConsole/event",
    "/opsConsole/event/save",
  ]) {
    for (const headers of [{}, asMember]) {
      expect((await request.get(`/api${path}`, { headers })).status(), `GET /api${path}`).toBe(404);
      expect(
        (await request.post(`/api${path}`, { headers, data: { username: "x", password: "y", path: "/home", text: "{}" } })).status(),
        `POST /api${path}`,
      ).toBe(404);
      refused += 2;
    }
  }
  // The console's own API and pages refuse a member outright (403), whatever the call. A one-time password link's calls
  // are open to anyone holding a link (ADR 078): without a valid token they refuse the call as a bad request.
  const linkCalls = [OPS_API.passwordLink, OPS_API.setPassword];
  expect((await request.get(OPS_API.passwordLink, { headers: asMember })).status(), `GET ${OPS_API.passwordLink}`).toBe(400);
  for (const url of linkCalls) {
    const post = await request.post(url, { headers: asMember, data: { token: "not-a-link", password: "abc12345", again: "abc12345" } });
    expect(post.status(), `POST ${url}`).toBeGreaterThanOrEqual(400);
    refused += 1;
  }
  refused += 1;
  const open = new Set<string>([OPS_API.login, OPS_API.logout, ...linkCalls]);
  for (const url of [...Object.values(OPS_API), ...Object.values(OPS_EVENT_API)].filter((url) => !open.has(url))) {
    expect((await request.get(`${url}?path=/home`, { headers: asMember })).status(), `GET ${url}`).toBe(403);
    expect(
      (await request.post(url, { headers: asMember, data: { path: "/home", text: "{}", version: 1, from: "/home", to: "/x2" } })).status(),
      `POST ${url}`,
    ).toBe(403);
    refused += 2;
  }
  for (const page of ["/ops", "/ops/edit?path=%2Fhome", "/ops/audit", "/ops/preview/home?source=live"]) {
    expect((await request.get(page, { headers: asMember, maxRedirects: 0 })).status(), page).toBe(403);
    refused++;
  }
  printFigures("Operations console, as a member of the site", { "calls and pages refused": refused });
});
