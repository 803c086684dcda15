import { describe, expect, it } from "vitest";
import { checkForm, UNCHECKED } from "@widgets/kit/form-check";

const answerCheck = { id: "qa-answer", loadValidators: () => import("@schemas/generated/forms/qa-answer.validators.js") };

describe("checkForm with validators loaded on first need (ADR 033)", () => {
  it("waits for the validators and answers the schema's messages, the same as once they are in", async () => {
    let arrive: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    const slow = { id: "qa-answer", loadValidators: async () => held.then(() => answerCheck.loadValidators()) };
    const pending = checkForm(slow, { questionId: 1, anonymous: false });
    let answered = false;
    void pending.then(() => {
      answered = true;
    });
    await Promise.resolve();
    expect(answered).toBe(false);
    arrive();
    const problems = await pending;
    expect(Object.keys(problems)).toEqual(["content"]);
    expect(await checkForm(answerCheck, { questionId: 1, anonymous: false })).toEqual(problems);
    expect(await checkForm(answerCheck, { questionId: 1, anonymous: false, content: "<p>先看数据的频率。</p>" })).toEqual({});
  });

  it("sends nothing when the validators cannot be fetched: the form gets a try-again message", async () => {
    const offline = { id: "qa-answer", loadValidators: () => Promise.reject(new Error("Failed to fetch dynamically imported module")) };
    expect(await checkForm(offline, { questionId: 1, anonymous: false, content: "<p>x</p>" })).toEqual({ _form: UNCHECKED });
  });

  it("refuses a check whose id names no validator in the loaded file", async () => {
    await expect(checkForm({ id: "qa-question", loadValidators: answerCheck.loadValidators }, {})).rejects.toThrow(/qa-question/);
  });
});
