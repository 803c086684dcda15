/**
 * Redirects (issue 17): every parameter that leads to a navigation, with 50+ variants each (`//evil`, `/\evil`,
 * `https:evil`, `javascript:`, encoded, mixed case, whitespace): the address chooser's ?prePage= (followed in Chromium),
 * the cashier's ?returnTo= (its link and its redirect), and the spec's "…Mobile" path redirect. None may leave the site.
 */
import { expect, test } from "@playwright/test";
import { holdSession } from "../e2e/platform-support";
import { callAs, inParallel, newPerson, printFigures, addAddress } from "./support";

const HOSTS = ["evil.example", "evil.example:443", "127.0.0.1.evil.example"];
const SHAPES = [
  "//H",
  "/\\H",
  "\\\\H",
  "\\/H",
  "///H",
  "/\t/H",
  " //H",
  "https:H",
  "https://H",
  "HtTpS://H",
  "http:/H",
  "%2F%2FH",
  "/%2F/H",
  "/%5CH",
  "//H%2F..",
  "/.//H",
  "javascript:alert(1)//H",
  "JaVaScRiPt:alert(1)//H",
  "java\tscript:alert(1)//H",
  "data:text/html,H",
];

/** 60 variants: each shape towards each host (scheme payloads once). */
function variants(): string[] {
  const all = new Set<string>();
  for (const shape of SHAPES) for (const host of HOSTS) all.add(shape.replace("H", host));
  return [...all];
}

/** A location that stays on this site: a path of ours, never a scheme, another host or a protocol-relative one. */
function staysOnSite(location: string | null | undefined, origin: string): boolean {
  if (!location) return true;
  try {
    return new URL(location, origin).origin === origin;
  } catch {
    return false;
  }
}

test("no navigation parameter leaves the site, in 50+ variants each", async ({ browser, request, baseURL }) => {
  test.setTimeout(240_000);
  const origin = new URL(baseURL!).origin;
  const tried = variants();
  expect(tried.length).toBeGreaterThanOrEqual(50);
  const escapes: string[] = [];

  // ?prePage= of the address chooser: a tap on an address navigates there.
  const person = await newPerson(request);
  await addAddress(request, person);
  const context = await browser.newContext({ baseURL });
  await holdSession(context, baseURL!, person);
  await inParallel(tried, 4, async (variant) => {
    const page = await context.newPage();
    await page.goto(`/addressList?prePage=${Buffer.from(variant).toString("base64url")}`);
    await page.waitForLoadState("load");
    const choose = page.locator(".address-main").first();
    if (await choose.isEnabled()) {
      await choose.click();
      await page.waitForTimeout(200);
    }
    if (!staysOnSite(page.url(), origin)) escapes.push(`prePage ${variant} → ${page.url()}`);
    await page.close();
  });
  await context.close();

  // ?returnTo= of the payment simulator: its "back" link, and where its form sends the browser.
  const goods = ((await (await request.get("/api/course/list")).json()).data.list as { productId: number }[])[0];
  const order = (
    await callAs(request, person, "/order/confirmPay", { productId: goods.productId, agree: true, idempotencyKey: `redirects-${Date.now()}-suite` })
  ).data;
  for (const variant of tried) {
    const page = await request.get(`/dev/pay?paymentNo=${order.paymentNo}&returnTo=${encodeURIComponent(variant)}`);
    for (const [, href] of (await page.text()).matchAll(/href="([^"]*)"/g))
      if (!staysOnSite(href.replaceAll("&amp;", "&"), origin)) escapes.push(`returnTo link ${variant} → ${href}`);
    const posted = await request.post("/dev/pay", { form: { paymentNo: order.paymentNo, decision: "decline", returnTo: variant }, maxRedirects: 0 });
    expect(posted.status(), variant).toBe(303);
    if (!staysOnSite(posted.headers().location, origin)) escapes.push(`returnTo redirect ${variant} → ${posted.headers().location}`);
  }

  // The spec's rule: a path containing "Mobile" redirects to the path without it.
  for (const variant of tried) {
    const answer = await request.get(`/${encodeURI(variant)}Mobile`, { maxRedirects: 0 }).catch(() => null);
    if (answer && !staysOnSite(answer.headers().location, origin)) escapes.push(`Mobile path ${variant} → ${answer.headers().location}`);
  }

  printFigures("Redirects", {
    "variants per parameter": tried.length,
    "prePage (address chooser, in Chromium)": tried.length,
    "returnTo (cashier link and redirect)": tried.length * 2,
    "…Mobile path redirect": tried.length,
    "left the site": escapes.length,
  });
  expect(escapes).toEqual([]);
});
