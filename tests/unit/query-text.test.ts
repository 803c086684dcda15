import { describe, expect, it } from "vitest";
import { decodeQueryText, encodeQueryText, QUERY_TEXT_MAX } from "~/routing/query-text";
import { isSafeQueryValue, readQuery } from "~/routing/routing";

describe("free text in query values (base64url)", () => {
  it("round-trips any text through a value the spec's query rule accepts", () => {
    for (const text of ["货币政策", "monetary policy", "ESG投资 & 绿色金融?", "a/b+c=d", "😀 emoji", "x"]) {
      const encoded = encodeQueryText(text);
      expect(isSafeQueryValue(encoded), text).toBe(true);
      expect(decodeQueryText(encoded)).toBe(text);
    }
  });

  it("trims and caps the text", () => {
    expect(decodeQueryText(encodeQueryText("  金融  "))).toBe("金融");
    expect(decodeQueryText(encodeQueryText("长".repeat(80)))).toBe("长".repeat(QUERY_TEXT_MAX));
  });

  it("refuses what is not base64url of UTF-8 text", () => {
    expect(decodeQueryText("")).toBeNull();
    expect(decodeQueryText("a")).toBeNull();
    expect(decodeQueryText("_w")).toBeNull();
    expect(decodeQueryText("ICAg")).toBeNull();
    expect(decodeQueryText("a+b/")).toBeNull();
  });

  it("readQuery decodes values declared with encoding base64url, and only those", () => {
    const kw = encodeQueryText("数字金融");
    const params = new URLSearchParams({ kw, raw: kw, bad: "_w" });
    expect(readQuery(params, { kw: { encoding: "base64url" }, raw: {}, bad: { encoding: "base64url", default: "" } })).toEqual({
      kw: "数字金融",
      raw: kw,
      bad: "",
    });
    expect(readQuery(new URLSearchParams("kw=%E9%87%91"), { kw: { encoding: "base64url" } })).toEqual({});
  });
});
