import { describe, expect, it } from "vitest";
import { evaluateGate, mustBindPhone, type Gate, type SessionUser } from "@contracts/gate";

const normal: SessionUser = { id: 1, userName: "13800000000", mobilePrefix: "86", isBindPhone: 1 };
const wxUnbound: SessionUser = { id: 2, userName: "wx:oAbc123", isBindPhone: 0 };
const emailUnbound: SessionUser = { id: 3, userName: "email:someone@example.com", isBindPhone: false };
const wxBound: SessionUser = { id: 4, userName: "wx:oDef456", isBindPhone: true };
const scholar: SessionUser = { id: 5, userName: "13900000000", isBindPhone: 1, authorCode: "A100001" };
const vip: SessionUser = { id: 6, userName: "13700000000", isBindPhone: 1, isVip: true };

const gates: Gate[] = ["visitor", "login", "phoneBound", "scholar", "vip"];

describe("mustBindPhone", () => {
  it("is true only for wx: and email: accounts without a bound phone", () => {
    expect(mustBindPhone(wxUnbound)).toBe(true);
    expect(mustBindPhone(emailUnbound)).toBe(true);
    expect(mustBindPhone(wxBound)).toBe(false);
    expect(mustBindPhone(normal)).toBe(false);
    expect(mustBindPhone({ id: 9, userName: "plain" })).toBe(false);
  });
});

describe("evaluateGate", () => {
  it("no gate and the visitor gate always pass", () => {
    for (const user of [null, normal, wxUnbound]) {
      expect(evaluateGate(undefined, user)).toBe("ok");
      expect(evaluateGate("visitor", user)).toBe("ok");
    }
  });

  it("a visitor must log in for every other gate", () => {
    for (const gate of gates.filter((g) => g !== "visitor")) expect(evaluateGate(gate, null), gate).toBe("needLogin");
  });

  it("a normal user with a phone passes login and phoneBound, must verify for scholar and join for vip", () => {
    expect(evaluateGate("login", normal)).toBe("ok");
    expect(evaluateGate("phoneBound", normal)).toBe("ok");
    expect(evaluateGate("scholar", normal)).toBe("needVerify");
    expect(evaluateGate("vip", normal)).toBe("needVip");
  });

  it("wx: and email: users without a bound phone are logged in but must bind before phoneBound and scholar", () => {
    for (const user of [wxUnbound, emailUnbound]) {
      expect(evaluateGate("login", user), user.userName).toBe("ok");
      expect(evaluateGate("phoneBound", user), user.userName).toBe("needBind");
      expect(evaluateGate("scholar", user), user.userName).toBe("needBind");
    }
  });

  it("a wx: user who has bound a phone passes phoneBound", () => {
    expect(evaluateGate("phoneBound", wxBound)).toBe("ok");
    expect(evaluateGate("scholar", wxBound)).toBe("needVerify");
  });

  it("a scholar with an authorCode passes every gate but vip", () => {
    expect(evaluateGate("login", scholar)).toBe("ok");
    expect(evaluateGate("phoneBound", scholar)).toBe("ok");
    expect(evaluateGate("scholar", scholar)).toBe("ok");
    expect(evaluateGate("vip", scholar)).toBe("needVip");
  });

  it("an authorCode passes the scholar gate before the phone check (spec §4 scholar verification flow, step 2)", () => {
    expect(evaluateGate("scholar", { ...wxUnbound, authorCode: "A100002" })).toBe("ok");
  });

  it("an empty or null authorCode is not verified", () => {
    expect(evaluateGate("scholar", { ...normal, authorCode: "" })).toBe("needVerify");
    expect(evaluateGate("scholar", { ...normal, authorCode: null })).toBe("needVerify");
  });

  it("a vip member passes the vip gate", () => {
    expect(evaluateGate("vip", vip)).toBe("ok");
    expect(evaluateGate("login", vip)).toBe("ok");
  });
});
