/**
 * The plain form the server renders (ADR 029) is RJSF's form before RJSF arrives: the same fields under the same ids,
 * labels and input types, so nothing moves when the runtime takes over and typed values land in the same fields.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import RjsfForm from "~/forms/RjsfForm";
import SchemaForm from "~/forms/SchemaForm";
import { i18nFor } from "./render-widget";

const formsDir = join(import.meta.dirname, "..", "..", "schemas", "generated", "forms");
const names = readdirSync(formsDir)
  .filter((file) => file.endsWith(".schema.json"))
  .map((file) => file.replace(".schema.json", ""));

/** Each form control as id → its tag and type, and each label as its `for` → text. */
function controls(html: string): { fields: Record<string, string>; labels: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<(input|select|textarea)\b([^>]*)>/g)) {
    const id = /\bid="([^"]+)"/.exec(match[2])?.[1];
    if (id) fields[id] = `${match[1]}:${/\btype="([^"]+)"/.exec(match[2])?.[1] ?? ""}`;
  }
  const labels: Record<string, string> = {};
  for (const match of html.matchAll(/<label class="control-label" for="([^"]+)">(.*?)<\/label>/g)) labels[match[1]] = match[2];
  return { fields, labels };
}

describe("the plain form matches RJSF's", () => {
  it.each(names)("%s: same fields, ids, types and labels", async (name) => {
    const schema = JSON.parse(readFileSync(join(formsDir, `${name}.schema.json`), "utf8")) as Record<string, unknown>;
    const { default: validators } = (await import(join(formsDir, `${name}.validators.js`))) as { default: unknown };
    const i18n = await i18nFor("zh");
    const props = {
      draftKey: `probe-${name}`,
      kit: { schema, loadValidators: async () => ({ default: validators }) },
      submitLabel: "提交",
      onSubmit: async () => undefined,
    };
    const render = (form: React.ReactNode) => renderToString(<I18nextProvider i18n={i18n}>{form}</I18nextProvider>);
    const plain = controls(render(<SchemaForm {...props} />));
    const rjsf = controls(render(<RjsfForm {...props} validators={validators} />));
    // Arrays and objects inside a form (an image list) are drawn by RJSF only; every field the plain form has is RJSF's.
    for (const [id, kind] of Object.entries(plain.fields).filter(([id]) => id !== "_form")) expect(rjsf.fields[id], `${name}: ${id}`).toBe(kind);
    for (const [id, text] of Object.entries(plain.labels)) expect(rjsf.labels[id], `${name}: label of ${id}`).toBe(text);
    // ...and every field of RJSF's outside an array is the plain form's too.
    for (const [id, kind] of Object.entries(rjsf.fields).filter(([id]) => !/_\d+(_|$)/.test(id))) expect(plain.fields[id], `${name}: ${id} missing`).toBe(kind);
  });
});
