/** The send-code countdown is kept per purpose and number (spec §9: 60 s), so a new number never waits for an old one. */
import { describe, expect, it } from "vitest";
import { cooldownKey, emailTarget, smsTarget } from "~/forms/code-target";

describe("cooldownKey", () => {
  it("tells numbers, prefixes, addresses and purposes apart", () => {
    const keys = [
      cooldownKey("login", smsTarget("13800138000", "86")),
      cooldownKey("login", smsTarget("13900139000", "86")),
      cooldownKey("login", smsTarget("13800138000", "852")),
      cooldownKey("register", smsTarget("13800138000", "86")),
      cooldownKey("findPwd", emailTarget("a@example.com")),
      cooldownKey("findPwd", emailTarget("b@example.com")),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("is the same for one number however it was typed: spaces around it, the default prefix, an address's case", () => {
    expect(cooldownKey("bind", smsTarget(" 13800138000 ", undefined))).toBe(cooldownKey("bind", smsTarget("13800138000", "86")));
    expect(cooldownKey("findPwd", emailTarget(" A@Example.com"))).toBe(cooldownKey("findPwd", emailTarget("a@example.com")));
  });
});
