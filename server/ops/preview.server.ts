import type { Request, Response } from "express";
import { OPS_PREVIEW_PREFIX, type PreviewLang, type PreviewPersona, type PreviewSource } from "@contracts/ops.ts";
import type { SessionUser } from "@contracts/gate.ts";
import type { Catalogues } from "@contracts/catalogues.server.ts";
import { COOKIE_NAMES } from "@contracts/cookie-names.ts";
import type { AppServices, PageConfigStore, PageEntry } from "~/services.ts";
import { createSourceCache } from "~/pipeline/source-cache.server.ts";
import { checkPageConfig } from "../config-check.server.ts";
import { PREVIEW_CLOCK_HEADER, signPreviewClock } from "@contracts/preview-clock.server.ts";
import type { ApiClient } from "~/api/api-client.ts";

/**
 * Who a preview is rendered for. Personas are not accounts: the page's gates see them, but the platform knows no such
 * session, so a data source that needs a member's token answers as it does for a session that has ended (ADR 026).
 */
const PERSONAS: Record<Exclude<PreviewPersona, "visitor">, SessionUser> = {
  user: { id: "ops-preview-user", userName: "ops-preview-user", nickname: "Preview", isBindPhone: true },
  scholar: { id: "ops-preview-scholar", userName: "ops-preview-scholar", nickname: "Preview", isBindPhone: true, authorCode: "OPS-PREVIEW" },
  vip: { id: "ops-preview-vip", userName: "ops-preview-vip", nickname: "Preview", isBindPhone: true, isVip: true },
};

/** The pipeline asks for the session user only when a token cookie is present: a persona carries this one. */
const PERSONA_TOKEN = "ops-preview-persona";

export interface PreviewTarget {
  path: string;
  lang: PreviewLang;
  as: PreviewPersona;
  /** The moment the page is rendered at; null: now. */
  at: Date | null;
  source: PreviewSource;
  /**
   * The services of the preview: the config under preview at its paths, the chosen time and persona, its own source
   * cache; with a clock secret, the platform's calls carry the chosen time too (ADR 089).
   */
  services(base: AppServices, text: string, catalogues: Catalogues, clockSecret: string | null): AppServices;
  /** Turns the request into the page's own (path, query, language and persona cookies) and makes its answer uncachable. */
  rewrite(request: Request, response: Response): void;
}

const PREVIEW_PARAMS = new Set(["lang", "as", "at", "source"]);

/** Reads /ops/preview/<page path>?lang&as&at&source; null when a value is not one the contract allows. */
export function previewRequest(request: Request): PreviewTarget | null {
  const path = request.path.slice(OPS_PREVIEW_PREFIX.length) || "/";
  const { lang = "zh", as = "visitor", source = "draft", at } = request.query as Record<string, string | undefined>;
  if (lang !== "zh" && lang !== "en") return null;
  if (as !== "visitor" && as !== "user" && as !== "scholar" && as !== "vip") return null;
  if (source !== "draft" && source !== "live" && !/^v[1-9]\d*$/.test(source)) return null;
  const moment = at === undefined || at === "" ? null : new Date(at);
  if (moment && Number.isNaN(moment.getTime())) return null;
  const pageQuery = new URLSearchParams();
  for (const [key, value] of new URL(request.originalUrl, "http://preview").searchParams) if (!PREVIEW_PARAMS.has(key)) pageQuery.append(key, value);

  return {
    path,
    lang,
    as,
    at: moment,
    source: source as PreviewSource,
    services(base, text, catalogues, clockSecret) {
      const now = moment ? () => new Date(moment.getTime()) : base.now;
      const user = as === "visitor" ? null : PERSONAS[as];
      return {
        ...base,
        api: moment && clockSecret ? atPreviewClock(base.api, moment, clockSecret, base.now) : base.api,
        pages: previewStore(base.pages, path, text, catalogues),
        now,
        sessionUser: async () => user,
        // A preview runs no scripts (see rewrite): it goes out with its widgets' styles but no script or module preload.
        clientScripts: false,
        widgetModuleUrls: (folders) => base.widgetModuleUrls(folders).filter((href) => href.endsWith(".css")),
        // Answers fetched for a preview never serve a visitor, and answers cached for visitors never mix into a preview.
        sourceCache: createSourceCache(() => now().getTime()),
      };
    },
    rewrite(request, response) {
      const query = pageQuery.size ? `?${pageQuery}` : "";
      request.url = `${path}${query}`;
      request.originalUrl = `${path}${query}`;
      request.headers.cookie = [`${COOKIE_NAMES.lang}=${lang}`, ...(as === "visitor" ? [] : [`${COOKIE_NAMES.token}=${PERSONA_TOKEN}`])].join("; ");
      // Whatever the page's own headers say, a preview is one staff member's: no browser or shared cache keeps it.
      const setHeader = response.setHeader.bind(response);
      response.setHeader = (name, value) => setHeader(name, name.toLowerCase() === "cache-control" ? "private, no-store" : value);
      response.setHeader("Cache-Control", "private, no-store");
      // A preview is the server's render, and its scripts do not run: in the staff member's browser the shell would
      // check their own session on the site against the persona's and end it. Sandboxed, the page has an origin of
      // its own and no scripts, so it can neither read nor end that session nor touch their storage.
      const policy = response.getHeader("Content-Security-Policy");
      response.setHeader("Content-Security-Policy", [policy, "sandbox allow-popups"].filter(Boolean).join("; "));
    },
  };
}

/** The platform's calls asked as at `moment`: each carries that moment, signed for its path (ADR 089). */
function atPreviewClock(api: ApiClient, moment: Date, secret: string, realNow: () => Date): ApiClient {
  return {
    request: (path, request = {}) =>
      api.request(path, { ...request, headers: { ...request.headers, [PREVIEW_CLOCK_HEADER]: signPreviewClock(secret, moment, path, realNow()) } }),
  };
}

/** The live store with the previewed config at its path and aliases, checked as a live one is. */
function previewStore(live: PageConfigStore, path: string, text: string, catalogues: Catalogues): PageConfigStore {
  const { config, problems } = checkPageConfig(text, catalogues);
  const entry: PageEntry =
    config && problems.length === 0 ? { status: "valid", file: `preview:${path}`, config } : { status: "invalid", file: `preview:${path}`, path, problems };
  const own = new Set(config ? [path, ...(config.aliases ?? [])] : [path]);
  return {
    resolve: (pathname) => (own.has(pathname) ? entry : live.resolve(pathname)),
    paths: () => [...new Set([...live.paths(), ...(entry.status === "valid" ? own : [])])],
    notFound: () => live.notFound(),
  };
}
