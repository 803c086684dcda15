import { describe, expect, it } from "vitest";
import { chatReducer, initialChatState, SHOWN_MESSAGES } from "./chat-state";
import { renderWidget } from "@tests/unit/render-widget";
import type { ChatMessage } from "../kit/realtime";

const message = (id: number, fields: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  planId: 12,
  text: `第${id}条`,
  authorCode: "A100001",
  authorName: "李敏",
  authorNameEn: "Min Li",
  createTime: "2027-01-10T12:00:00Z",
  ...fields,
});

describe("liveChat", () => {
  it("renders the discussion for a visitor: connecting, and the way to log in instead of a composer", async () => {
    const html = await renderWidget("liveChat", { props: { planId: "{query.id}" }, query: { id: "12" } });
    expect(html).toContain('<h2 class="section-title">讨论区</h2>');
    expect(html).toContain("正在连接讨论区…");
    expect(html).toContain('data-chat-access="needLogin"');
    expect(html).toMatch(
      /<div class="live-chat-gate" data-gate="needLogin"><p>登录后参与讨论<\/p><button type="button" class="button button-primary">登录<\/button>/,
    );
    expect(html).not.toContain("<textarea");
    expect(html).toContain('role="log"');
  });

  it("speaks English in en and takes its title from props", async () => {
    const html = await renderWidget("liveChat", { lang: "en", props: { planId: "12", title: { zh: "互动", en: "Q&amp;A" } } });
    expect(html).toContain("Log in to join the discussion");
    expect(html).toContain("Connecting to the discussion…");
    expect(html).toContain('<h2 class="section-title">Q&amp;amp;A</h2>');
  });
});

describe("chatReducer", () => {
  it("takes access and the online count from the welcome, and the messages from the history", () => {
    let state = chatReducer(initialChatState, {
      type: "welcome",
      planId: 12,
      access: "needVerify",
      online: 4,
      limits: { maxLength: 500, perWindow: 5, windowMs: 10_000 },
    });
    expect(state).toMatchObject({ access: "needVerify", online: 4, messages: null });
    state = chatReducer(state, { type: "history", messages: [message(1), message(2)] });
    expect(state.messages?.map((entry) => entry.id)).toEqual([1, 2]);
    state = chatReducer(state, { type: "online", count: 5 });
    expect(state.online).toBe(5);
  });

  it("adds new messages once, and a reconnect's history replaces the list", () => {
    let state = chatReducer(initialChatState, { type: "history", messages: [message(1)] });
    state = chatReducer(state, { type: "message", message: message(2) });
    state = chatReducer(state, { type: "message", message: message(2) });
    expect(state.messages?.map((entry) => entry.id)).toEqual([1, 2]);
    state = chatReducer(state, { type: "history", messages: [message(1), message(2), message(3)] });
    expect(state.messages?.map((entry) => entry.id)).toEqual([1, 2, 3]);
  });

  it(`keeps the last ${SHOWN_MESSAGES} messages`, () => {
    let state = chatReducer(initialChatState, { type: "history", messages: Array.from({ length: SHOWN_MESSAGES }, (_, index) => message(index + 1)) });
    state = chatReducer(state, { type: "message", message: message(SHOWN_MESSAGES + 1) });
    expect(state.messages).toHaveLength(SHOWN_MESSAGES);
    expect(state.messages?.[0].id).toBe(2);
  });

  it("keeps the last error until the viewer's own message goes through or it is cleared", () => {
    let state = chatReducer(initialChatState, { type: "error", code: "rateLimited", clientId: "a", retryAfterMs: 4_200 });
    expect(state.error).toEqual({ code: "rateLimited", retryAfterMs: 4_200 });
    state = chatReducer(state, { type: "message", message: message(5) });
    expect(state.error?.code).toBe("rateLimited");
    state = chatReducer(state, { type: "message", message: message(6, { clientId: "b" }) });
    expect(state.error).toBeNull();
    state = chatReducer(state, { type: "error", code: "notAllowed", access: "needLogin" });
    expect(state.access).toBe("needLogin");
    expect(chatReducer(state, { type: "clearError" }).error).toBeNull();
  });
});
