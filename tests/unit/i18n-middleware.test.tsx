/**
 * The server's language middleware (ADR 035): the language each request is rendered in (query, cookie, default), and
 * the translator per language that requests share — the right one for each request, even when renders in both
 * languages interleave, and left as it was by a render.
 */
import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { renderToString } from "react-dom/server";
import { I18nextProvider, useTranslation } from "react-i18next";
import { getI18nInstance, getLocale, i18nextMiddleware } from "~/i18n/middleware.server";

async function contextFor(url: string, cookie?: string) {
  const context = new RouterContextProvider();
  const request = new Request(url, { headers: cookie ? { Cookie: cookie } : {} });
  await i18nextMiddleware({ request, context, params: {}, unstable_pattern: "/" } as never, async () => new Response(null));
  return context;
}

function HomeLink() {
  const { t } = useTranslation();
  return <a href="/home">{t("nav.home")}</a>;
}

describe("i18n middleware", () => {
  it("takes the language from ?lang=, then the lang cookie, else zh", async () => {
    expect(getLocale(await contextFor("http://site/home"))).toBe("zh");
    expect(getLocale(await contextFor("http://site/home", "lang=en"))).toBe("en");
    expect(getLocale(await contextFor("http://site/home?lang=zh", "lang=en"))).toBe("zh");
    expect(getLocale(await contextFor("http://site/home?lang=en"))).toBe("en");
    expect(getLocale(await contextFor("http://site/home?lang=fr", "lang=en"))).toBe("en");
    expect(getLocale(await contextFor("http://site/home", "lang=fr"))).toBe("zh");
  });

  it("hands every request of one language the same ready translator, in that language", async () => {
    const english = getI18nInstance(await contextFor("http://site/home", "lang=en"));
    const chinese = getI18nInstance(await contextFor("http://site/home"));
    expect(getI18nInstance(await contextFor("http://site/a?lang=en"))).toBe(english);
    expect(english).not.toBe(chinese);
    expect(english.isInitialized && chinese.isInitialized).toBe(true);
    expect([english.language, chinese.language]).toEqual(["en", "zh"]);
    expect(english.t("nav.home")).toBe("Home");
    expect(chinese.t("nav.home")).toBe("首页");
  });

  it("renders each request in its own language when renders of both languages interleave, and a render changes nothing", async () => {
    const contexts = await Promise.all(["lang=en", "lang=zh", "lang=en", undefined].map((cookie) => contextFor("http://site/home", cookie)));
    const render = (context: RouterContextProvider) =>
      renderToString(
        <I18nextProvider i18n={getI18nInstance(context)}>
          <HomeLink />
        </I18nextProvider>,
      );
    expect(contexts.map(render)).toEqual(['<a href="/home">Home</a>', '<a href="/home">首页</a>', '<a href="/home">Home</a>', '<a href="/home">首页</a>']);
    expect(getI18nInstance(contexts[0]).language).toBe("en");
    expect(getI18nInstance(contexts[1]).language).toBe("zh");
  });
});
