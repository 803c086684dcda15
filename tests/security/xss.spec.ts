/**
 * XSS (issue 17): 200+ generated payloads through every input the product shows back — video comments, delivery
 * addresses (shown on the address list), nicknames (on /me), search words, raw query values and path segments —
 * each page opened in Chromium with the trap installed. Goal: 0 executions, 0 CSP violations, and no payload in a
 * server-rendered document as live markup.
 */
import { expect, test } from "@playwright/test";
import { holdSession } from "../e2e/platform-support";
import { generatePayloads } from "./payloads";
import { callAs, inParallel, installTrap, newPerson, type Person, printFigures, sprung } from "./support";

const payloads = generatePayloads();
/** An element a payload would have made: an event handler attribute, or a script URL in an attribute that loads or navigates. */
const LIVE_MARKUP = /<[a-z][a-z0-9]*\b[^>]*(\son[a-z]+\s*=|\s(href|src|action|formaction|data|xlink:href)\s*=\s*["']?\s*(javascript|vbscript|data):)/i;

test("200+ payloads through every input shown back: none runs, none trips the CSP", async ({ browser, request, baseURL }) => {
  test.setTimeout(300_000);
  expect(payloads.length).toBeGreaterThanOrEqual(200);
  const tally = { pages: 0, executions: [] as string[], violations: [] as string[], liveInHtml: [] as string[] };
  const stored = { comments: 0, addresses: 0, nicknames: 0 };

  // Comments: 10 to a video page, 5 per person (the per-user limit).
  const videos = ((await (await request.get("/api/video/list?pageSize=30")).json()).data.list as { id: number }[]).map((video) => video.id);
  const people: Person[] = [];
  for (let index = 0; index < Math.ceil(payloads.length / 5); index++) people.push(await newPerson(request));
  const commented = new Set<number>();
  for (const payload of payloads) {
    const video = videos[Math.floor((payload.id - 1) / 10)];
    const answer = await callAs(request, people[Math.floor((payload.id - 1) / 5)], "/video/addVideoComment", { videoId: video, content: payload.text });
    if (answer.code === 200) {
      stored.comments++;
      commented.add(video);
    }
  }
  // Addresses: 20 to a person's address book, in the street field.
  const addressBooks = people.slice(0, Math.ceil(payloads.length / 20));
  for (const payload of payloads) {
    const owner = addressBooks[Math.floor((payload.id - 1) / 20)];
    const body = { receiver: "测试", phone: "13800138000", provinceCode: "110000", cityCode: "110000", districtCode: "110108", detail: payload.text };
    if ((await callAs(request, owner, "/userAddress/operation", body)).code === 200) stored.addresses++;
  }
  // Nicknames: one a person, those the free-text rule lets through.
  const nicknamed: Person[] = [];
  for (const [index, payload] of payloads.slice(0, 40).entries()) {
    if ((await callAs(request, people[index], "/userInfo/info", { nickname: payload.text })).code === 200) {
      stored.nicknames++;
      nicknamed.push(people[index]);
    }
  }

  const visit = async (context: Awaited<ReturnType<typeof browser.newContext>>, paths: string[]) => {
    await installTrap(context);
    await inParallel(paths, 4, async (path) => {
      const page = await context.newPage();
      const response = await page.goto(path);
      const html = response && (response.headers()["content-type"] ?? "").includes("text/html") ? await response.text() : "";
      // Our own scripts and quoted attribute values (escaped text shown in a field) are not markup a payload made.
      const markup = html.replace(/<script[^>]*nonce=[^>]*>[\s\S]*?<\/script>/g, "").replace(/"[^"]*"|'[^']*'/g, '""');
      if (LIVE_MARKUP.test(markup)) tally.liveInHtml.push(path);
      const caught = await sprung(page);
      tally.pages++;
      tally.executions.push(...caught.hits.map((hit) => `${path} ${hit}`));
      tally.violations.push(...caught.violations.map((violation) => `${path} ${violation}`));
      await page.close();
    });
  };

  const visitor = await browser.newContext({ baseURL });
  const reflected = payloads.slice(0, 40);
  await visit(visitor, [
    ...[...commented].map((video) => `/videoDetail?id=${video}`),
    ...reflected.map((payload) => `/searchList?kw=${Buffer.from(payload.text).toString("base64url")}&searchType=0`),
    ...reflected.map((payload) => `/videoDetail?id=${encodeURIComponent(payload.text)}`),
    ...reflected.map((payload) => `/home?tab=${encodeURIComponent(payload.text)}`),
    ...reflected.map((payload) => `/${encodeURIComponent(payload.text)}`),
  ]);
  await visitor.close();
  for (const person of [...addressBooks, ...nicknamed]) {
    const context = await browser.newContext({ baseURL });
    await holdSession(context, baseURL!, person);
    await visit(context, addressBooks.includes(person) ? ["/addressList", "/me"] : ["/me"]);
    await context.close();
  }

  printFigures("XSS", {
    "payloads generated": payloads.length,
    "stored as video comments": stored.comments,
    "stored as delivery addresses": stored.addresses,
    "stored as nicknames": stored.nicknames,
    "reflected (search, query, path)": reflected.length * 4,
    "pages loaded in Chromium": tally.pages,
    executed: tally.executions.length,
    "CSP violations": tally.violations.length,
    "live markup in server HTML": tally.liveInHtml.length,
  });
  expect(stored.comments).toBe(payloads.length);
  expect(stored.addresses).toBe(payloads.length);
  expect(tally.executions).toEqual([]);
  expect(tally.violations).toEqual([]);
  expect(tally.liveInHtml).toEqual([]);
});
