import { createInstance, type i18n as I18n } from "i18next";
import { describe, expect, it } from "vitest";
import { loadCatalogues } from "@contracts/catalogues.server";
import { LANGUAGES, NAMESPACES } from "@contracts/language";
import { createClientI18n, loadNamespacesIn } from "~/i18n/client-i18n";

const catalogues = loadCatalogues();

/** Both translators looked at through one loose signature: the keys here are computed, not the typed literals. */
type LooseT = (key: string | string[], options?: Record<string, unknown>) => string;
const tOf = (instance: I18n) => instance.t.bind(instance) as unknown as LooseT;
const fixedTOf = (instance: I18n, lang: string, namespace?: string) => instance.getFixedT(lang, namespace ?? null) as unknown as LooseT;

/** Every text key of a catalogue, with plural suffixes folded into the key they belong to. */
function keysOf(node: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(node).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === "object") return keysOf(value as Record<string, unknown>, path);
    return [path.replace(/_(zero|one|two|few|many|other)$/, "")];
  });
}

function variablesOf(node: unknown): string[] {
  return [...JSON.stringify(node).matchAll(/\{\{\s*([\w.-]+)\s*\}\}/g)].map((match) => match[1]);
}

async function serverI18n() {
  const instance = createInstance();
  await instance.init({ resources: catalogues, ns: [...NAMESPACES], defaultNS: "common", fallbackLng: false, interpolation: { escapeValue: false } });
  return instance;
}

function clientI18n(lang: (typeof LANGUAGES)[number]) {
  const client = createClientI18n(lang, "common");
  for (const namespace of NAMESPACES) client.addResourceBundle(lang, namespace, catalogues[lang][namespace], true, true);
  return client;
}

describe("the browser's translator", () => {
  it("gives i18next's text for every key of every catalogue, with every count and value", async () => {
    const server = await serverI18n();
    let compared = 0;
    for (const lang of LANGUAGES) {
      const client = clientI18n(lang);
      await server.changeLanguage(lang);
      for (const namespace of NAMESPACES) {
        const catalogue = catalogues[lang][namespace];
        const names = variablesOf(catalogue);
        for (const key of new Set(keysOf(catalogue))) {
          const values = Object.fromEntries(names.map((name, index) => [name, `v${index}`]));
          for (const count of [undefined, 0, 1, 2, 5]) {
            const options = count === undefined ? values : { ...values, count };
            expect(tOf(client)(`${namespace}:${key}`, options), `${lang} ${namespace}:${key} count ${count}`).toBe(tOf(server)(`${namespace}:${key}`, options));
            compared++;
          }
          expect(fixedTOf(client, lang, namespace)(key, values)).toBe(fixedTOf(server, lang, namespace)(key, values));
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
    // Thousands of lookups in each translator: seconds on a shared, loaded machine.
  }, 30_000);

  it("answers a missing text, a missing value, a default and a list of keys as i18next does", async () => {
    const server = await serverI18n();
    await server.changeLanguage("en");
    const client = clientI18n("en");
    const withVariable = keysOf(catalogues.en.common).find((key) => /\{\{/.test(String(server.getResource("en", "common", key))));
    expect(withVariable, "common has a text with a {{value}}").toBeDefined();
    const cases: [string | string[], Record<string, unknown>?][] = [
      ["common:no.such.key"],
      ["no.such.key"],
      [`common:${withVariable}`],
      [`common:${withVariable}`, { date: null, other: 3 }],
      [["common:no.such.key", "common:nav.backHome"]],
      [["common:no.such.key", "common:also.missing"]],
      ["common:no.such.key", { defaultValue: "Plan {{name}}", name: "B" }],
    ];
    for (const [key, options] of cases) expect(tOf(client)(key, options), JSON.stringify(key)).toBe(tOf(server)(key, options));
  });

  it("switches language for react-i18next: the event, the new catalogue, the language it reports", async () => {
    const client = clientI18n("zh");
    const seen: unknown[] = [];
    client.on("languageChanged", (lng) => seen.push(lng));
    client.addResourceBundle("en", "common", catalogues.en.common, true, true);
    await client.changeLanguage("en");
    expect(seen).toEqual(["en"]);
    expect(client.language).toBe("en");
    expect(tOf(client)("common:nav.backHome")).toBe(fixedTOf(await serverI18n(), "en")("common:nav.backHome"));
    expect(client.hasResourceBundle("en", "common")).toBe(true);
    expect(client.hasResourceBundle("en", "order")).toBe(false);
  });

  it("fetches namespaces of a language not shown yet, each once, so the switch to it renders them at once", async () => {
    const fetched: string[] = [];
    const client = createClientI18n("zh", "common", {
      fetch: async (lang, namespace) => {
        fetched.push(`${lang}/${namespace}`);
        return catalogues[lang as (typeof LANGUAGES)[number]][namespace];
      },
    });
    client.addResourceBundle("en", "common", catalogues.en.common, true, true);
    await Promise.all([loadNamespacesIn(client, "en", ["audio", "common"]), loadNamespacesIn(client, "en", ["audio"])]);
    expect(fetched).toEqual(["en/audio"]);
    expect(client.language).toBe("zh");
    expect(client.hasLoadedNamespace("audio")).toBe(false);
    expect(client.hasLoadedNamespace("audio", { lng: "en" })).toBe(true);
    await client.changeLanguage("en");
    expect(tOf(client)("audio:miniPlayer")).toBe(fixedTOf(await serverI18n(), "en")("audio:miniPlayer"));
    expect(tOf(client)("audio:miniPlayer")).not.toBe("miniPlayer");
  });
});
