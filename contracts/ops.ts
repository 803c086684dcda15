/**
 * The operations console's contract (issue 16, ADR 026): what the /ops pages send to and read from our server's
 * /ops/api/* and /ops/preview/*. Answers are plain JSON (not the platform envelope): 2xx carries the answer type
 * named beside each route, 4xx carries an OpsErrorAnswer. Every /ops page and API needs an ops session, except the
 * login page and the login call: without one an API answers 401 and a page redirects to the login page, unless the
 * browser holds the site's own `token` cookie (a signed-in member who is not staff), which gets 403 everywhere.
 */

/** The HttpOnly session cookie (Path=/ops, SameSite=Strict): the pages never read it, the server does. */
export const OPS_SESSION_COOKIE = "ops_session";

/** Pages of the console the server knows by name (the gate lets the login page through). */
export const OPS_PAGES = { home: "/ops", login: "/ops/login", staff: "/ops/staff", password: "/ops/password" } as const;

/** The query parameter of a one-time link to set a password (`/ops/password?token=…`, ADR 078). */
export const PASSWORD_LINK_QUERY = "token";

/** The login page's query flag for a session that ended (`?ended=1`): only then does it say so; a first sign-in does not. */
export const SESSION_ENDED_QUERY = "ended";

/**
 * The console API. Bodies are JSON (`Content-Type: application/json`); writes must come from this site's pages (the
 * same-origin check answers 403 otherwise). Query values are URL-encoded.
 */
export const OPS_API = {
  /**
   * POST OpsLoginRequest → OpsMe (sets the cookie); 401 invalidCredentials, 428 captchaRequired (ask again with the
   * captcha), 429 rateLimited (Retry-After): the refusals say in retryAfterSeconds how long the next try must wait and in
   * captchaRequired whether it needs the captcha (ADR 042). Nothing locks an account.
   */
  login: "/ops/api/login",
  /** POST (no body) → 204; ends the session and clears the cookie. */
  logout: "/ops/api/logout",
  /** GET → OpsMe. */
  me: "/ops/api/me",
  /** GET → OpsPageSummary[] (every page in the store, and drafts of pages never published), sorted by path. */
  pages: "/ops/api/pages",
  /** GET ?path=/2023ames → OpsPageDetail; 404 notFound. */
  page: "/ops/api/page",
  /** GET ?path=/2023ames&version=3 → OpsVersionAnswer; 404 notFound. */
  version: "/ops/api/version",
  /** POST OpsSaveDraftRequest → OpsDraft (always saved, even with problems; problems listed in it). */
  saveDraft: "/ops/api/draft",
  /** POST OpsPathRequest → 204; drops the page's draft. */
  discardDraft: "/ops/api/draft/discard",
  /** POST OpsValidateRequest → OpsValidateAnswer (nothing saved). */
  validate: "/ops/api/validate",
  /**
   * Publisher only. POST OpsPublishRequest → OpsPublishAnswer: publishes the page's saved draft (what was previewed
   * is what goes live). 403 forbidden (editor), 404 notFound (no draft), 409 conflict (expectedVersion is no longer the
   * live one), 422 invalid with problems.
   */
  publish: "/ops/api/publish",
  /** Publisher only. POST OpsRollbackRequest → OpsPublishAnswer: a new version with version N's config; 422 if N no longer passes the checks. */
  rollback: "/ops/api/rollback",
  /** GET ?path=/2023ames&from=<OpsDiffSide>&to=<OpsDiffSide> → OpsDiff. */
  diff: "/ops/api/diff",
  /** POST OpsCopyRequest → 201 OpsPageDetail (a draft at the new path); 409 pathTaken, 422 invalid (bad path). */
  copy: "/ops/api/copy",
  /** GET → OpsEditorMetadata. */
  metadata: "/ops/api/metadata",
  /**
   * GET ?limit=100&before=<id>&actor=&path=&action=&day=YYYY-MM-DD (a Beijing day) → OpsAuditAnswer, newest first;
   * action "refused" means every refusal (sign-in, publish, forbidden call).
   */
  audit: "/ops/api/audit",
  /** Admin only (403 and audited otherwise). GET → OpsStaffAnswer. */
  staff: "/ops/api/staff",
  /** Admin only. POST OpsAddStaffRequest → OpsPasswordLinkAnswer; 400 badRequest with problems at the field, 409 pathTaken (the name). */
  addStaff: "/ops/api/staff/add",
  /** Admin only. POST OpsStaffRoleRequest → 204; 409 conflict when it would leave no admin. */
  staffRole: "/ops/api/staff/role",
  /** Admin only. POST OpsStaffDisableRequest → 204: disabling ends the person's sessions at once; 409 for oneself or the last admin. */
  disableStaff: "/ops/api/staff/disable",
  /** Admin only. POST OpsStaffNameRequest → OpsPasswordLinkAnswer: the password is taken away, sessions end, a new link is made. */
  resetStaff: "/ops/api/staff/reset",
  /** Open. GET ?token= → OpsPasswordLinkInfo; 410 gone (used, expired, unknown, or the account disabled). */
  passwordLink: "/ops/api/password",
  /** Open. POST OpsSetPasswordRequest → 204; 400 with problems (too short), 410 gone. */
  setPassword: "/ops/api/password/set",
  /** GET → OpsHotSearchesAnswer: the hot searches as the site shows them (best first) and the phrases hidden from them. */
  hotSearches: "/ops/api/hotSearches",
  /** POST OpsKeywordRequest → 204; any staff member: the phrase leaves the hot searches at once and is not counted (ADR 042). */
  hideSearch: "/ops/api/hotSearches/hide",
  /** Publisher only. POST OpsKeywordRequest → 204; 404 notFound when the phrase is not hidden. */
  showSearch: "/ops/api/hotSearches/show",
} as const;

/**
 * Preview pages: GET only, staff only, never cached; the server's HTML of the page as the persona would see it, for an
 * iframe (frame-ancestors 'self'). It comes with a CSP `sandbox allow-popups`: no scripts run in it and it has an
 * origin of its own, so it cannot touch the staff browser's own session on the site (ADR 026). 400 for a value the
 * contract does not allow, 404 when the page has no such source (no draft, no version N).
 */
export const OPS_PREVIEW_PREFIX = "/ops/preview";

/** admin: everything a publisher may do, and managing staff (ADR 078). */
export type StaffRole = "admin" | "publisher" | "editor";
/** Who may publish, roll back and schedule. */
export const PUBLISHING_ROLES: readonly StaffRole[] = ["admin", "publisher"];
export type PreviewPersona = "visitor" | "user" | "scholar" | "vip";
export type PreviewLang = "zh" | "en";
/** draft: the saved draft; live: the latest published version; vN: that version. */
export type PreviewSource = "draft" | "live" | `v${number}`;

export interface PreviewOptions {
  path: string;
  lang: PreviewLang;
  as: PreviewPersona;
  /** An ISO 8601 instant: the page is rendered as if it were then. Omitted: now. */
  at?: string;
  source: PreviewSource;
}

/** The URL of a preview, e.g. /ops/preview/2023ames?lang=en&as=vip&at=2026-01-01T00%3A00%3A00.000Z&source=draft */
export function opsPreviewUrl(options: PreviewOptions): string {
  const query = new URLSearchParams({ lang: options.lang, as: options.as, source: options.source });
  if (options.at) query.set("at", options.at);
  return `${OPS_PREVIEW_PREFIX}${options.path}?${query}`;
}

/** A problem with a config: a JSON pointer into it ("/" for the whole) and what is wrong there. */
export interface OpsProblem {
  pointer: string;
  message: string;
  /** For problems the console words itself in the operator's language (opsEditor:problems.<code>), with their values. */
  code?: "windowOrder" | "pathMismatch" | "pathTaken";
  params?: Record<string, string>;
}

export type OpsErrorCode =
  | "unauthenticated"
  | "forbidden"
  | "invalidCredentials"
  | "captchaRequired"
  | "rateLimited"
  | "badRequest"
  | "notFound"
  | "conflict"
  | "pathTaken"
  | "invalid"
  | "gone"
  | "unavailable";

/** Every 4xx/5xx of /ops/api: a code to branch on and a message in the viewer's language (lang cookie, zh default). */
export interface OpsErrorAnswer {
  error: OpsErrorCode;
  message: string;
  /** With "invalid": each problem with its JSON pointer. */
  problems?: OpsProblem[];
  /** With a refused sign-in: seconds before the next try is taken. */
  retryAfterSeconds?: number;
  /** With a refused sign-in: the next try needs the captcha (randStr and ticket). */
  captchaRequired?: boolean;
  /** With a refused draft save (409 conflict): the draft another person saved since the editor read it. */
  theirs?: OpsDraftConflict;
  /** With a refused staff change or password: what is wrong (a key of the ops catalogue's staff.problems)… */
  problem?: string;
  /** …and the field it belongs at, when it is one field's. */
  field?: string;
}

/** The other person's draft a save would have overwritten. */
export interface OpsDraftConflict {
  text: string;
  editor: string;
  updatedAt: string;
}

export interface OpsLoginRequest {
  username: string;
  password: string;
  /** After a few failed sign-ins: the captcha image's randStr (OPS_CAPTCHA_IMAGE) and the digits read from it. */
  randStr?: string;
  ticket?: string;
}

/** The captcha image the login page shows when a sign-in needs one: the site's own, drawn for a random randStr. */
export const OPS_CAPTCHA_IMAGE = "/api/web/captcha.jpg";

export interface OpsMe {
  username: string;
  role: StaffRole;
  /** When the session ends at the latest (absolute expiry), ISO. */
  expiresAt: string;
  /** When it ends if nothing is done before then (idle expiry), ISO. */
  idleExpiresAt: string;
}

export interface OpsPathRequest {
  path: string;
}

/**
 * Either the form's object (config) or the raw-JSON tab's text (text); text that is not JSON is saved too.
 * baseUpdatedAt: the updatedAt of the server draft the text started from (null: it started from the live version);
 * when another save came since, the answer is 409 conflict with `theirs` and nothing is overwritten. Omitted: no check.
 */
export type OpsSaveDraftRequest = ({ path: string; config: unknown } | { path: string; text: string }) & { baseUpdatedAt?: string | null };

export type OpsValidateRequest = { path: string; config: unknown } | { path: string; text: string };

export interface OpsValidateAnswer {
  problems: OpsProblem[];
}

export interface OpsPublishRequest {
  path: string;
  /** The live version the publisher looked at (null: the page was never published); 409 when another publish came first. */
  expectedVersion?: number | null;
}

export interface OpsRollbackRequest {
  path: string;
  version: number;
}

export interface OpsCopyRequest {
  /** An existing page, e.g. /2023ames. */
  from: string;
  /** The new page's path: the page-config path pattern, not served by any page or alias, no draft there yet. */
  to: string;
}

export interface PublishWindow {
  from?: string;
  until?: string;
  afterUntil?: "closed" | "keep";
}

/** live: served now; scheduled: before its window opens; closed: after its window (afterUntil closed); unpublished: only a draft. */
export type OpsPageStatus = "live" | "scheduled" | "closed" | "unpublished";

export interface OpsPageSummary {
  path: string;
  title: { zh: string; en: string } | null;
  status: OpsPageStatus;
  /** A saved draft differs from the live version ("draft changes"). */
  hasDraft: boolean;
  publishWindow: PublishWindow | null;
  liveVersion: number | null;
  /** Who last saved a draft or published, and when (ISO). */
  lastEditor: string | null;
  lastEditedAt: string | null;
}

export interface OpsVersion {
  version: number;
  /** A staff username, or "repository" for a version taken from page-configs/. */
  publisher: string;
  publishedAt: string;
  /** e.g. "rollback to v2"; null for an ordinary publish. */
  note: string | null;
}

export interface OpsDraft {
  path: string;
  /** The JSON text as saved. */
  text: string;
  /** The parsed text; null when it is not JSON. */
  config: unknown;
  /** The live version the draft started from; null for a new page. */
  baseVersion: number | null;
  editor: string;
  updatedAt: string;
  /** Schema and cross-reference problems of the draft as saved (empty: it can be published). */
  problems: OpsProblem[];
}

export interface OpsPageDetail {
  path: string;
  status: OpsPageStatus;
  publishWindow: PublishWindow | null;
  live: { version: number; config: unknown } | null;
  draft: OpsDraft | null;
  /** Newest first. */
  versions: OpsVersion[];
}

export interface OpsVersionAnswer {
  version: OpsVersion;
  config: unknown;
}

export interface OpsPublishAnswer {
  path: string;
  version: number;
  publishedAt: string;
}

/** A version number (as text), "live" or "draft". */
export type OpsDiffSide = `${number}` | "live" | "draft";

export interface OpsChange {
  op: "added" | "removed" | "changed";
  /** JSON pointer (RFC 6901) of the changed value. */
  pointer: string;
  before?: unknown;
  after?: unknown;
}

export interface OpsDiff {
  path: string;
  from: OpsDiffSide;
  to: OpsDiffSide;
  changes: OpsChange[];
}

export interface OpsWidgetInfo {
  type: string;
  folder: string;
  /** The widget's props.schema.json. */
  propsSchema: unknown;
}

export interface OpsDataSourceApi {
  method: "GET" | "POST" | "ANY";
  api: string;
}

export interface OpsEditorMetadata {
  /** schemas/generated/page-config.bundle.json: the schema every check uses. */
  schema: unknown;
  widgets: OpsWidgetInfo[];
  /** The platform API paths a data source may name (the list check:configs checks against). */
  dataSources: OpsDataSourceApi[];
  /** Catalogue keys present in both zh and en, as namespace.key (bound as {t.namespace.key}). */
  catalogueKeys: string[];
  /** The path pattern new pages must match. */
  pathPattern: string;
}

export type OpsAuditAction =
  | "login"
  | "loginRefused"
  | "logout"
  | "saveDraft"
  | "discardDraft"
  | "publish"
  | "publishRefused"
  | "rollback"
  | "copy"
  | "preview"
  | "staffSaved"
  | "seed"
  | "hideSearch"
  | "showSearch"
  | "uploadMedia"
  | "replaceMedia"
  | "describeMedia"
  | "schedulePublish"
  | "cancelSchedule"
  | "scheduledPublish"
  | "staffAdded"
  | "staffRoleChanged"
  | "staffDisabled"
  | "staffEnabled"
  | "staffReset"
  | "passwordSet"
  | "forbidden";

export interface OpsAuditEntry {
  id: number;
  at: string;
  /** A staff username, "repository" or the name a refused login tried. */
  actor: string;
  action: OpsAuditAction;
  path: string | null;
  version: number | null;
  detail: string | null;
  /** Autosaves of one person on one page in one burst are one entry: how many saves it stands for (else 1). */
  repeats: number;
}

export interface OpsHotSearch {
  keyword: string;
  keywordEn: string;
  /** About how many different people searched for it lately (the decayed score). */
  searchCount: number;
}

export interface OpsHiddenSearch {
  keyword: string;
  hiddenAt: string;
  hiddenBy: string;
}

export interface OpsHotSearchesAnswer {
  shown: OpsHotSearch[];
  hidden: OpsHiddenSearch[];
}

export interface OpsKeywordRequest {
  keyword: string;
}

export interface OpsAuditAnswer {
  entries: OpsAuditEntry[];
}

export type OpsStaffState = "active" | "waiting" | "disabled";
export type OpsPasswordLinkPurpose = "invite" | "reset" | "setup";

export interface OpsStaffMember {
  username: string;
  role: StaffRole;
  /** waiting: added or reset, the password not yet set through the link. */
  state: OpsStaffState;
  createdAt: string;
  updatedAt: string;
  disabledAt: string | null;
  /** When the unused link expires, while one works. */
  linkExpiresAt: string | null;
}

export interface OpsStaffAnswer {
  staff: OpsStaffMember[];
}

export interface OpsAddStaffRequest {
  username: string;
  role: StaffRole;
}

export interface OpsStaffNameRequest {
  username: string;
}

export interface OpsStaffRoleRequest extends OpsStaffNameRequest {
  role: StaffRole;
}

export interface OpsStaffDisableRequest extends OpsStaffNameRequest {
  disabled: boolean;
}

/** A one-time link for the admin to send (shown once; also printed on the server's console). */
export interface OpsPasswordLinkAnswer {
  username: string;
  purpose: OpsPasswordLinkPurpose;
  url: string;
  expiresAt: string;
}

export interface OpsPasswordLinkInfo {
  username: string;
  purpose: OpsPasswordLinkPurpose;
  expiresAt: string;
}

export interface OpsSetPasswordRequest {
  token: string;
  password: string;
}
