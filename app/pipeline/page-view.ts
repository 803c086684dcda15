import type { PageConfig } from "@schemas/generated/page-config";
import type { GateOutcome, SessionUser } from "@contracts/gate";
import type { Lang } from "@contracts/language";
import type { ConfigProblem } from "~/services";
import type { DataState } from "./data-state";

/**
 * The view as the server's loader has it: with the module URLs of the widgets hydrating with the page (preloaded) and
 * every widget's stylesheets (linked), which only the server's HTML uses (app/renderer/page-code.ts); the loader
 * sends the view without them.
 */
export type ServerPageView = PageView & { preload: string[] };

/** What the page's head says that its data decides: a detail page's subject, the page's lead image (ADR 031). */
export interface HeadFacts {
  title?: string;
  summary?: string;
  image: string | null;
}

/** Everything the page renderer needs, as the loader sends it to the browser. */
export interface PageView {
  /** unfinishedDraft: a console preview of a draft that does not pass its checks yet (the editor marks them). */
  kind: "page" | "broken" | "unfinishedDraft" | "notYetOpen" | "closed";
  status: number;
  path: string;
  config: PageConfig;
  /** For a broken config: what is wrong (shown in development, counted in production). */
  problems: ConfigProblem[];
  query: Record<string, string>;
  data: Record<string, DataState>;
  /** The page gate as the server saw the viewer. */
  gate: GateOutcome;
  user: SessionUser | null;
  /**
   * Rendered for the viewer's class, shared by everyone in it (ADR 083): `user` is a stand-in that meets the same gates,
   * and the person's own data is left to the browser.
   */
  forClass?: true;
  widgetTypes: string[];
  /** Server time at render, so countdowns render the same on server and client. */
  serverNow: number;
  /** Indexes of the top-level widgets hydrating late (ADR 037), and the modules only they use, fetched as hydration starts. */
  lateNodes: number[];
  lateCode: string[];
  /** Set by the route's loader (app/seo/head-facts.server.ts). */
  head?: HeadFacts;
  publishFrom?: string;
  /** publishFrom as the not-yet-open notice says it, formatted on the server in both languages. */
  publishFromText?: Record<Lang, string>;
}
