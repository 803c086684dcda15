import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import * as reactI18next from "react-i18next";
import { describe, expect, it } from "vitest";
import { loadCatalogues } from "@contracts/catalogues.server";
import { LANGUAGES, NAMESPACES } from "@contracts/language";
import { createClientI18n } from "~/i18n/client-i18n";
import { serverTranslator } from "~/i18n/middleware.server";
import * as ownReactI18next from "~/renderer/react-i18next-binding";

const catalogues = loadCatalogues();

function clientTranslator(lang: string) {
  const i18n = createClientI18n(lang as (typeof LANGUAGES)[number], "common");
  for (const language of LANGUAGES) for (const namespace of NAMESPACES) i18n.addResourceBundle(language, namespace, catalogues[language][namespace]);
  return i18n;
}

type Binding = Pick<typeof ownReactI18next, "I18nextProvider" | "useTranslation">;

/** Renders, through one binding's provider and hook, what components of the app ask of it: texts, counts, the language. */
function render(binding: Binding, lang: string, ns: string | string[] | undefined, side: "browser" | "server" = "browser"): string {
  const i18n = side === "server" ? serverTranslator(lang as (typeof LANGUAGES)[number]) : clientTranslator(lang);
  function Probe() {
    const { t, i18n: instance } = binding.useTranslation(ns as string);
    const [tFromArray] = binding.useTranslation(ns as string);
    const texts = [t("dialog.close"), t("common:dialog.close"), t("missing.key", "default text"), tFromArray("dialog.close"), instance.language];
    return createElement("p", null, texts.join("|"));
  }
  const tree = (children: ReactNode) =>
    createElement(binding.I18nextProvider as (props: { i18n: typeof i18n; children: ReactNode }) => ReactNode, { i18n, children });
  return renderToString(tree(createElement(Probe)));
}

describe("our react-i18next binding (ADR 028, ADR 038)", () => {
  for (const lang of LANGUAGES) {
    for (const ns of [undefined, "common", ["circle", "common"], "circle"]) {
      it(`renders what react-i18next renders over the client translator (${lang}, ns ${JSON.stringify(ns)})`, () => {
        const ours = render(ownReactI18next, lang, ns);
        expect(ours).toBe(render(reactI18next as unknown as Binding, lang, ns));
        expect(ours).toContain(`|${lang}<`);
      });
    }
  }

  for (const lang of LANGUAGES) {
    for (const ns of [undefined, "common", ["circle", "common"], "circle", ["editor", "common"]]) {
      it(`renders on the server over i18next what the browser renders (${lang}, ns ${JSON.stringify(ns)})`, () => {
        const ours = render(ownReactI18next, lang, ns, "server");
        expect(ours).toBe(render(ownReactI18next, lang, ns, "browser"));
        expect(ours).toBe(render(reactI18next as unknown as Binding, lang, ns, "server"));
      });
    }
  }

  it("gives the default namespace's texts when none is named, in the translator's language", () => {
    expect(render(ownReactI18next, "en", undefined)).toContain("default text");
    expect(render(ownReactI18next, "zh", undefined)).not.toBe(render(ownReactI18next, "en", undefined));
  });
});
