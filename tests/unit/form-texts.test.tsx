/**
 * Every form schema rendered as the app renders it shows no developer text: no schema title or description, and no
 * "option N" select for a oneOf/anyOf rule. (Labels and help come from the catalogues through the uiSchema.)
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import SchemaForm from "~/forms/SchemaForm";
import { i18nFor } from "./render-widget";

const formsDir = join(import.meta.dirname, "..", "..", "schemas", "generated", "forms");
const names = readdirSync(formsDir)
  .filter((file) => file.endsWith(".schema.json"))
  .map((file) => file.replace(".schema.json", ""));

/** Every title and description anywhere in a schema, shared definitions included. */
function developerTexts(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const entry of value) developerTexts(entry, found);
  else if (value && typeof value === "object") {
    for (const [key, entry] of Object.entries(value)) {
      if ((key === "title" || key === "description") && typeof entry === "string") found.push(entry);
      else developerTexts(entry, found);
    }
  }
  return found;
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

describe("form schemas in the UI", () => {
  it("has form schemas to check", () => {
    expect(names.length).toBeGreaterThanOrEqual(15);
  });

  it.each(names)("%s renders no schema title, description or 'option N'", async (name) => {
    const schema = JSON.parse(readFileSync(join(formsDir, `${name}.schema.json`), "utf8")) as Record<string, unknown>;
    const { default: validators } = (await import(join(formsDir, `${name}.validators.js`))) as { default: unknown };
    const i18n = await i18nFor("zh");
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <SchemaForm
          draftKey={`probe-${name}`}
          kit={{ schema, loadValidators: async () => ({ default: validators }) }}
          submitLabel="提交"
          onSubmit={async () => undefined}
        />
      </I18nextProvider>,
    );
    expect(html).toContain('class="schema-form"');
    const texts = developerTexts(schema);
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(html, `${name} shows "${text}"`).not.toContain(escapeHtml(text));
    expect(html).not.toMatch(/option \d/i);
  });
});
