import { createContext } from "react-router";
import type { ApiClient } from "~/api/api-client";
import type { SessionUser } from "@contracts/gate";
import type { PageConfig } from "@schemas/generated/page-config";
import type { SourceCache } from "~/pipeline/request-source";

export interface ConfigProblem {
  pointer: string;
  message: string;
}

export type PageEntry = { status: "valid"; file: string; config: PageConfig } | { status: "invalid"; file: string; path: string; problems: ConfigProblem[] };

/** Page configs as the server loaded and validated them. */
export interface PageConfigStore {
  resolve(pathname: string): PageEntry | null;
  notFound(): PageConfig;
  /** Every path (and alias) a valid config serves, so links the app builds can leave out pages that do not exist yet. */
  paths(): string[];
}

/** What the Node server hands every loader: set up once in server/, read through `appServices`. */
export interface AppServices {
  pages: PageConfigStore;
  api: ApiClient;
  /** Public answers shared by every visitor's render, for their sources' cacheSeconds. */
  sourceCache: SourceCache;
  nonce: string;
  now(): Date;
  /** Who is asking, from the token cookie, checked with the platform API; null for a visitor. */
  sessionUser(request: Request): Promise<SessionUser | null>;
  /**
   * This render is shared by the signed-in viewer's class (ADR 083): made for a stand-in, with the platform asked as a
   * visitor. Set by the render cache, which keys what it keeps by that class.
   */
  rendersForClass?: boolean;
  /** Module URLs to preload for the given widget folders (empty in development). */
  widgetModuleUrls(folders: string[]): string[];
  /** The Set-Cookie of a session the server starts from a login answer (ADR 016), for a form posted without scripts (ADR 029). */
  sessionCookie?(token: string): string;
  /** Who is asking, as the server resolved it behind its trusted proxies: platform calls made for them carry it (ADR 029). */
  clientAddress?: string;
  /** The site's public origin (PUBLIC_ORIGIN): absolute URLs for search engines and shared links (canonical, hreflang, og:url). */
  publicOrigin: string;
  isProduction: boolean;
  /** How long a server-side data source without its own timeoutMs is waited for (PLATFORM_TIMEOUT_MS, default 5 s). */
  sourceTimeoutMs?: number;
  /** False for a render no browser runs (a console preview, ADR 026): the page goes out without its scripts. */
  clientScripts?: boolean;
}

export const appServices = createContext<AppServices>();
