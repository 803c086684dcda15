/**
 * Error reports (ADR 063): nothing personal leaves the page or is stored (addresses, numbers, tokens, queries), a
 * stack is cut to its first lines, the same error is counted rather than stored again, and an address is limited.
 */
import { describe, expect, it } from "vitest";
import { useEmbeddedPlatform } from "./embedded-platform-fixture";
import { cleanReport, ERROR_REPORT_PATH, trimStack } from "@contracts/error-report";
import { listErrorReports } from "@platform/error-reports/index.server";

const api = useEmbeddedPlatform("2027-06-03T03:00:00.000Z", { captchaTestMode: true });

describe("cleaning a report", () => {
  it("takes out addresses, phone numbers, tokens and queries, and keeps the page's path only", () => {
    const report = cleanReport({
      kind: "error",
      message: "login failed for li.ming@pku.edu.cn at 13812345678 with token AbCdEfGhIjKlMnOpQrStUvWxYz012345",
      stack: "Error: x\n    at submit (https://site.example/assets/login-Ab12.js?token=secret:10:5)",
      page: "/searchList?keyword=货币#top",
      release: "Ab12Cd",
    });
    expect(report).toEqual({
      kind: "error",
      message: "login failed for … at … with token …",
      stack: "Error: x\n    at submit (https://site.example/assets/login-Ab12.js:10:5)",
      page: "/searchList",
      release: "Ab12Cd",
    });
    expect(cleanReport({ kind: "other", message: "x" })).toBeNull();
    expect(cleanReport({ kind: "error", message: "" })).toBeNull();
  });

  it("keeps a stack's first 8 lines", () => {
    expect(trimStack(Array.from({ length: 20 }, (_, index) => `line ${index}`).join("\n")).split("\n")).toHaveLength(8);
  });
});

describe("storing reports", () => {
  it("counts the same error on the same page and release, and limits one address to 30 an hour", async () => {
    const body = {
      kind: "widget",
      message: "Cannot read properties of undefined (reading 'title')",
      stack: "",
      page: "/viewLive",
      release: "Qw12Er",
      widget: "liveScreen",
    };
    const ip = api.freshIp();
    const answers = await Promise.all(Array.from({ length: 32 }, () => api.call(ERROR_REPORT_PATH, { body, ip })));
    expect(answers.filter((answer) => answer.body.code === 200)).toHaveLength(30);
    expect(answers.filter((answer) => answer.body.code === 429)).toHaveLength(2);
    const [row] = listErrorReports(api.platform.db);
    expect(row).toMatchObject({ kind: "widget", widget: "liveScreen", page: "/viewLive", release: "Qw12Er", count: 30 });
  });
});
