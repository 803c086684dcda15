/**
 * What the live specs share: seeded plans found through the API, and scholars made the way users become one —
 * a scholar claim confirmed from the outbox, then an approval from the developer review.
 */
import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures";
import type { Session } from "./platform-support";

export interface Plan {
  id: number;
  title: string;
  titleEn: string;
  status: number;
  link: string;
  authorName: string;
  authorNameEn: string;
}

async function data<T>(answer: Promise<{ ok(): boolean; json(): Promise<unknown> }>): Promise<T> {
  const response = await answer;
  expect(response.ok()).toBe(true);
  const envelope = (await response.json()) as { code: number; message: string; data: T };
  expect([1, 200], envelope.message).toContain(envelope.code);
  return envelope.data;
}

/** Live plans as the API lists them, optionally in some states. */
export async function plans(request: APIRequestContext, params: Record<string, unknown> = {}): Promise<{ list: Plan[]; total: number }> {
  return data(request.post("/api/live/planList", { data: params }));
}

/** The first seeded plan in a state (0 not started, 1 upcoming, 2 living, 3 over, 4 replay). */
export async function planIn(request: APIRequestContext, status: number, index = 0): Promise<Plan> {
  const { list } = await plans(request, { status: String(status), pageSize: index + 1 });
  expect(list.length, `a seeded plan in state ${status}`).toBeGreaterThan(index);
  return list[index];
}

/** Claims a scholar profile, confirms the email from the outbox, has the claim approved, and returns the user now. */
export async function becomeScholar(request: APIRequestContext, session: Session, realName: string): Promise<Session> {
  const email = `${session.user.userName}@econ.example.edu`;
  const headers = { token: session.token };
  await data(request.post("/api/author/claim", { headers, data: { realName, email, orgName: "北京大学国家发展研究院", researchField: "货币政策" } }));
  const outbox = (await (await request.get("/dev/outbox.json")).json()) as { to: string; text: string }[];
  const link = outbox.find((message) => message.to === email)?.text.match(/\/api\/web\/email\?token=[A-Za-z0-9]+/)?.[0];
  expect(link, `confirmation link for ${email}`).toBeTruthy();
  const confirmed = await request.get(link!, { maxRedirects: 0 });
  expect(confirmed.headers().location).toBe("/emailVerifyResult?status=success");
  const review = await request.post(`/dev/claims/${session.user.id}`, { form: { decision: "approve" }, maxRedirects: 0 });
  expect(review.status()).toBe(303);
  const user = await data<Session["user"]>(request.get("/api/web/getUserInfoWithToken", { headers }));
  expect(user.authorCode).toMatch(/^A\d+$/);
  return { token: session.token, user };
}
