/** The one way to gate (spec §6): a page, a widget, a data source or an action names a gate. */
export type Gate = "visitor" | "login" | "phoneBound" | "scholar" | "vip";

export interface SessionUser {
  id: number | string;
  userName: string;
  mobilePrefix?: string;
  isBindPhone?: boolean | number;
  authorCode?: string | null;
  portraitUrl?: string;
  nickname?: string;
  isVip?: boolean;
}

/** What the viewer must do first; "ok" when the gate is met. */
export type GateOutcome = "ok" | "needLogin" | "needBind" | "needVerify" | "needVip";

/** wx: marks a third-party account and email: an email account; both must bind a phone. */
export function mustBindPhone(user: SessionUser): boolean {
  const thirdParty = user.userName.includes("wx:") || user.userName.includes("email:");
  return thirdParty && !user.isBindPhone;
}

export function evaluateGate(gate: Gate | undefined, user: SessionUser | null): GateOutcome {
  if (!gate || gate === "visitor") return "ok";
  if (!user) return "needLogin";
  if (gate === "login") return "ok";
  if (gate === "vip") return user.isVip ? "ok" : "needVip";
  // Scholar verification flow (spec §4): a user with an authorCode passes before the phone check.
  if (gate === "scholar" && user.authorCode) return "ok";
  if (mustBindPhone(user)) return "needBind";
  if (gate === "phoneBound") return "ok";
  return user.authorCode ? "ok" : "needVerify";
}
