/**
 * The account code that is plain logic: the free-text count (and the generated validators that carry it), the QR
 * encoder, the send-code targets, the image-compression rule, safe jump targets and form value trimming.
 */
import { describe, expect, it } from "vitest";
import { profileValidators, scholarClaimValidators } from "@schemas/generated/form-kits";
import { FREE_TEXT_LIMIT, freeTextLength } from "~/lib/free-text";
import { encodeQr, qrPath } from "~/lib/qr";
import { captchaError, emailTarget, smsTarget } from "~/forms/code-target";
import { compressionQuality } from "~/lib/image-compress";
import { externalUrl, internalPath } from "~/lib/navigation";
import { trimStrings } from "~/forms/SchemaForm";
import { fieldErrors } from "~/lib/form-errors";

type Validate = ((data: unknown) => boolean) & { errors?: import("ajv").ErrorObject[] | null };

describe("free-text limit (spec §5)", () => {
  it("counts an English word or a number as one, every other visible character as one, spaces as nothing", () => {
    expect(freeTextLength("")).toBe(0);
    expect(freeTextLength("劳动经济学")).toBe(5);
    expect(freeTextLength("labour economics")).toBe(2);
    expect(freeTextLength("2024 年")).toBe(2);
    expect(freeTextLength("3.14 and 1,000")).toBe(3);
    expect(freeTextLength("don't well-being")).toBe(2);
    expect(freeTextLength("AI与ML，2027！")).toBe(6);
    expect(freeTextLength("😀😀")).toBe(2);
  });

  it("is compiled into the form validators: 50 passes, 51 fails with the free-text message", () => {
    const profile = (profileValidators as Record<string, Validate>).profile;
    expect(profile({ nickname: "字".repeat(FREE_TEXT_LIMIT) })).toBe(true);
    expect(profile({ nickname: Array(50).fill("economics").join(" ") })).toBe(true);
    expect(profile({ nickname: "字".repeat(51) })).toBe(false);
    expect(fieldErrors(profile.errors)).toEqual({ nickname: "verify:errors.freeTextTooLong" });
    expect(profile({ nickname: Array(51).fill("1").join(" ") })).toBe(false);
    const claim = (scholarClaimValidators as Record<string, Validate>)["scholar-claim"];
    const base = { realName: "王", email: "w@pku.edu.cn", orgName: "北京大学" };
    expect(claim({ ...base, researchField: "labour economics 劳动" })).toBe(true);
    expect(claim({ ...base, researchField: "经".repeat(51) })).toBe(false);
    expect(fieldErrors(claim.errors)).toEqual({ researchField: "verify:errors.freeTextTooLong" });
  });
});

describe("QR encoder", () => {
  const finderAt = (modules: boolean[][], left: number, top: number) =>
    [0, 1, 2, 3, 4, 5, 6].every((y) => [0, 1, 2, 3, 4, 5, 6].every((x) => modules[top + y][left + x] === (Math.max(Math.abs(x - 3), Math.abs(y - 3)) !== 2)));

  it("picks the smallest version (4v + 17 modules) and draws the finder, timing and dark modules", () => {
    const short = encodeQr("hi");
    expect(short).toHaveLength(21);
    const url = "http://127.0.0.1:3210/dev/wechat/confirm?sceneStr=AbCdEfGhIjKlMnOpQrStUvWxYz012345";
    const modules = encodeQr(url);
    expect(modules).toHaveLength(37);
    const size = modules.length;
    expect(finderAt(modules, 0, 0)).toBe(true);
    expect(finderAt(modules, size - 7, 0)).toBe(true);
    expect(finderAt(modules, 0, size - 7)).toBe(true);
    for (let i = 8; i < size - 8; i++) {
      expect(modules[6][i]).toBe(i % 2 === 0);
      expect(modules[i][6]).toBe(i % 2 === 0);
    }
    expect(modules[size - 8][8]).toBe(true);
    expect(encodeQr(url)).toEqual(modules);
  });

  it("encodes UTF-8, refuses what needs more than version 10, and draws one square per dark module", () => {
    expect(encodeQr("登录").length).toBe(21);
    expect(() => encodeQr("x".repeat(300))).toThrow(RangeError);
    const modules = encodeQr("hi");
    const dark = modules.flat().filter(Boolean).length;
    const path = qrPath(modules);
    expect(path.match(/M/g)).toHaveLength(dark);
    expect(path.startsWith("M4 4h1v1h-1z")).toBe(true);
  });
});

describe("send-code targets and the captcha answer", () => {
  it("checks the phone with the send-sms schema: missing, mainland format, other prefixes", () => {
    expect(smsTarget(undefined, "86")).toEqual({ error: "verify:errors.phoneRequired" });
    expect(smsTarget("   ", "86")).toEqual({ error: "verify:errors.phoneRequired" });
    expect(smsTarget("12345678901", "86")).toEqual({ error: "verify:errors.phoneInvalid" });
    expect(smsTarget(" 13800138000 ", undefined)).toEqual({ channel: "sms", phoneNum: "13800138000", prefix: "86" });
    expect(smsTarget("91234567", "852")).toEqual({ channel: "sms", phoneNum: "91234567", prefix: "852" });
  });

  it("checks the email and the four captcha digits", () => {
    expect(emailTarget("")).toEqual({ error: "verify:errors.emailRequired" });
    expect(emailTarget("nope")).toEqual({ error: "verify:errors.emailInvalid" });
    expect(emailTarget("a@b.edu")).toEqual({ channel: "email", email: "a@b.edu" });
    expect(captchaError("")).toBe("verify:errors.captchaRequired");
    expect(captchaError("12a4")).toBe("verify:errors.captchaInvalid");
    expect(captchaError("12345")).toBe("verify:errors.captchaInvalid");
    expect(captchaError("0427")).toBeNull();
  });
});

describe("image compression (spec §5)", () => {
  it("uses quality 1 under 1 MB, 0.5 from 1 to 2 MB, 0.2 above", () => {
    const megabyte = 1024 * 1024;
    expect(compressionQuality(10)).toBe(1);
    expect(compressionQuality(megabyte - 1)).toBe(1);
    expect(compressionQuality(megabyte)).toBe(0.5);
    expect(compressionQuality(2 * megabyte)).toBe(0.5);
    expect(compressionQuality(2 * megabyte + 1)).toBe(0.2);
  });
});

describe("promotion jump targets", () => {
  it("opens only http(s) outside the site", () => {
    expect(externalUrl("https://example.edu/a?b=1")).toBe("https://example.edu/a?b=1");
    expect(externalUrl("http://example.edu")).toBe("http://example.edu/");
    expect(externalUrl("javascript:alert(1)")).toBeNull();
    expect(externalUrl("JaVaScRiPt:alert(1)")).toBeNull();
    expect(externalUrl("data:text/html,x")).toBeNull();
    expect(externalUrl("//evil.example")).toBeNull();
    expect(externalUrl(42)).toBeNull();
  });

  it("navigates only to paths of this site, with a plain query", () => {
    expect(internalPath("/scienceMeetingList", "")).toBe("/scienceMeetingList");
    expect(internalPath("/liveSpec", "id=3&tab=2")).toBe("/liveSpec?id=3&tab=2");
    expect(internalPath("/liveSpec", "id=<x>")).toBe("/liveSpec");
    expect(internalPath("//evil.example", "")).toBeNull();
    expect(internalPath("/\\evil.example", "")).toBeNull();
    expect(internalPath("https://evil.example", "")).toBeNull();
    expect(internalPath("javascript:alert(1)", "")).toBeNull();
  });
});

describe("form values", () => {
  it("are trimmed, and blank ones dropped, as the server reads a body", () => {
    expect(trimStrings({ phone: " 138 ", code: "   ", agree: true, count: 0 })).toEqual({ phone: "138", agree: true, count: 0 });
  });
});
