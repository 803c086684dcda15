/**
 * The account code that is plain logic: the free-text count (and the generated validators that carry it), the QR
 * encoder, the send-code targets, the image-compression rule, safe jump targets and form value trimming.
 */
import { describe, expect, it } from "vitest";
import { profileValidators, scholarClaimValidators } from "@schemas/generated/form-kits";
import { FREE_TEXT_LIMIT, freeTextLength } from "@contracts/free-text";
import { renderToStaticMarkup } from "react-dom/server";
import WechatQr, { qrPath } from "~/dialogs/WechatQr";
import { captchaError, checkTarget } from "~/forms/code-check";
import { emailTarget, smsTarget } from "~/forms/code-target";
import { compressionQuality } from "~/browser/image-compress";
import { externalUrl, internalPath } from "~/routing/navigation";
import { trimStrings } from "~/forms/SchemaForm";
import { fieldErrors } from "@contracts/form-errors";

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

describe("the WeChat QR code", () => {
  const finderAt = (modules: boolean[][], left: number, top: number) =>
    [0, 1, 2, 3, 4, 5, 6].every((y) => [0, 1, 2, 3, 4, 5, 6].every((x) => modules[top + y][left + x] === (Math.max(Math.abs(x - 3), Math.abs(y - 3)) !== 2)));

  it("draws the login URL with its three finder patterns inside a quiet zone of 4, one square per dark module", () => {
    const url = "http://127.0.0.1:3210/dev/wechat/confirm?sceneStr=AbCdEfGhIjKlMnOpQrStUvWxYz012345";
    const html = renderToStaticMarkup(<WechatQr url={url} label="scan" />);
    const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(html)?.[1]);
    const path = /<path d="([^"]+)"/.exec(html)?.[1] ?? "";
    const modules = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
    for (const [, x, y] of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) modules[Number(y)][Number(x)] = true;
    expect((size - 8 - 17) % 4).toBe(0);
    expect(finderAt(modules, 4, 4)).toBe(true);
    expect(finderAt(modules, size - 11, 4)).toBe(true);
    expect(finderAt(modules, 4, size - 11)).toBe(true);
    expect(modules[0].some(Boolean) || modules[size - 1].some(Boolean)).toBe(false);
    expect(path.match(/M/g)).toHaveLength(modules.flat().filter(Boolean).length);
    expect(html).toContain(`data-url="${url.replace(/&/g, "&amp;")}"`);
  });

  it("gives the same code for the same URL and a larger one for a longer URL", () => {
    expect(
      qrPath([
        [true, false],
        [false, true],
      ]),
    ).toBe("M0 0h1v1h-1zM1 1h1v1h-1z");
    const short = renderToStaticMarkup(<WechatQr url="http://a.b/c" label="scan" />);
    const long = renderToStaticMarkup(<WechatQr url={`http://a.b/${"c".repeat(120)}`} label="scan" />);
    expect(renderToStaticMarkup(<WechatQr url="http://a.b/c" label="scan" />)).toBe(short);
    expect(long.length).toBeGreaterThan(short.length);
  });
});

describe("send-code targets and the captcha answer", () => {
  it("checks the phone with the send-sms schema: missing, mainland format, other prefixes", () => {
    expect(checkTarget(smsTarget(undefined, "86"))).toEqual({ error: "verify:errors.phoneRequired" });
    expect(checkTarget(smsTarget("   ", "86"))).toEqual({ error: "verify:errors.phoneRequired" });
    expect(checkTarget(smsTarget("12345678901", "86"))).toEqual({ error: "verify:errors.phoneInvalid" });
    expect(checkTarget(smsTarget(" 13800138000 ", undefined))).toEqual({ channel: "sms", phoneNum: "13800138000", prefix: "86" });
    expect(checkTarget(smsTarget("91234567", "852"))).toEqual({ channel: "sms", phoneNum: "91234567", prefix: "852" });
  });

  it("checks the email and the four captcha digits", () => {
    expect(checkTarget(emailTarget(""))).toEqual({ error: "verify:errors.emailRequired" });
    expect(checkTarget(emailTarget("nope"))).toEqual({ error: "verify:errors.emailInvalid" });
    expect(checkTarget(emailTarget("a@b.edu"))).toEqual({ channel: "email", email: "a@b.edu" });
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
