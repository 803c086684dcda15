import { describe, expect, it } from "vitest";
import type { SignUpState } from "./component";
import { SIGN_UP_FORMS, isSignUpForm } from "./forms";
import { renderWidget } from "@tests/unit/render-widget";

const open: SignUpState = {
  specialId: 900008,
  canAdd: true,
  reason: "open",
  opensAt: "2026-10-22T16:00:00.000Z",
  deadline: "2027-01-13T10:00:00.000Z",
  form: "specialSignUp",
  capacity: 400,
  enrollCount: 12,
  enrolled: false,
  enrolledAt: null,
};
const ok = (value: unknown) => ({ status: "ok" as const, value });
const render = (state: SignUpState, lang: "zh" | "en" = "zh", props: Record<string, unknown> = {}) =>
  renderWidget("signUpForm", { lang, source: "signUp", data: { signUp: ok(state) }, props: { palette: "navy", ...props } });

describe("signUpForm", () => {
  it("offers a visitor to log in when sign-up is open, with the deadline in Beijing time and the numbers", async () => {
    const html = await render(open, "zh", { title: { zh: "会议报名", en: "Register" } });
    expect(html).toContain('class="sign-up palette-navy" data-sign-up="open"');
    expect(html).toContain('<h2 class="event-section-title">会议报名</h2>');
    expect(html).toContain('<span class="sign-up-status status-open">报名中</span>');
    expect(html).toContain("<li>报名截止：2027年1月13日 18:00</li>");
    expect(html).toContain("<li>已有 12 人报名</li>");
    expect(html).toContain("<li>限额 400 人</li>");
    expect(html).toMatch(/<button type="button" class="button sign-up-button">登录后报名<\/button>/);
    // No form code or fields for a visitor: the form is loaded only for a signed-in viewer.
    expect(html).not.toContain("<form");
    expect(html).not.toContain("<input");
  });

  it("tells why sign-up is not possible: not yet open, closed, full", async () => {
    const later = await render({ ...open, canAdd: false, reason: "notStarted", opensAt: "2026-12-01T01:00:00.000Z" });
    expect(later).toContain("报名将于 2026年12月1日 09:00 开始，敬请关注。");
    expect(later).toContain(">未开始</span>");
    const closed = await render({ ...open, canAdd: false, reason: "closed" }, "zh", { closedText: { zh: "欢迎观看回放。", en: "Watch the replay." } });
    expect(closed).toContain("<p>报名已截止，感谢关注。</p><p>欢迎观看回放。</p>");
    expect(closed).not.toContain("sign-up-button");
    const full = await render({ ...open, canAdd: false, reason: "full", enrollCount: 400 }, "en");
    expect(full).toContain("This event is full. Thank you for your interest.");
    expect(full).toContain("<li>400 signed up</li>");
    expect(full).toContain(">Full</span>");
  });

  it("shows the event's own terms while sign-up is open, in the viewer's language, and none once it closed", async () => {
    const terms = { ...open, agreement: "报名即同意主办方使用你的姓名制作胸牌。\n名额有限，先到先得。" };
    const html = await render(terms);
    expect(html).toContain(
      '<section class="sign-up-terms" aria-label="报名须知"><h3>报名须知</h3><p>报名即同意主办方使用你的姓名制作胸牌。\n名额有限，先到先得。</p></section>',
    );
    expect(await render({ ...terms, agreement: "Your name goes on your badge." }, "en")).toContain('aria-label="Terms of this event"');
    expect(await render({ ...terms, canAdd: false, reason: "closed" })).not.toContain("sign-up-terms");
    expect(await render(open)).not.toContain("sign-up-terms");
  });

  it("shows a signed-in persona the form itself in a console preview, which runs no scripts (ADR 089)", async () => {
    const user = { id: "ops-preview-user", userName: "ops-preview-user", nickname: "Preview", isBindPhone: true };
    const options = { lang: "zh" as const, source: "signUp", data: { signUp: ok(open) }, props: { palette: "navy" }, user };
    // In a browser the form waits for hydration, so nothing typed before it is lost.
    expect(await renderWidget("signUpForm", options)).toContain('class="sign-up-loading skeleton"');
    const preview = await renderWidget("signUpForm", { ...options, scriptless: true });
    expect(preview).not.toContain("skeleton");
    expect(preview).toContain("<form");
    expect(preview).toMatch(/<input[^>]+type="checkbox"/);
  });

  it("leaves out the deadline line for an event without sign-up", async () => {
    const html = await render({ ...open, canAdd: false, reason: "none", deadline: null, capacity: null, enrollCount: 0, form: null });
    expect(html).toContain("本活动无需报名，届时直接观看即可。");
    expect(html).not.toContain("sign-up-facts");
  });

  it("speaks English in en", async () => {
    const html = await render(open, "en");
    expect(html).toContain("<li>Closes 13 Jan 2027, 18:00</li>");
    expect(html).toContain(">Log in to sign up</button>");
    expect(html).toContain(">Sign up</h2>");
    expect(html).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it("sends each platform form to its own call", () => {
    expect(SIGN_UP_FORMS.specialEnroll.call.path).toBe("/special/enroll");
    expect(SIGN_UP_FORMS.specialSignUp.call.path).toBe("/signData/add");
    expect(isSignUpForm("specialSignUp")).toBe(true);
    expect(isSignUpForm("constructor")).toBe(false);
    expect(isSignUpForm(null)).toBe(false);
  });

  it("loads each form's schema with the agreement it requires", async () => {
    for (const name of ["specialEnroll", "specialSignUp"] as const) {
      const [schema, validators] = await SIGN_UP_FORMS[name].load();
      const loaded = schema.default as { required: string[]; properties: Record<string, { enum?: unknown[] }> };
      expect(loaded.required).toContain("agree");
      expect(loaded.properties.agree.enum).toEqual([true]);
      expect(typeof validators.default).toBe("object");
    }
  });
});
