import type { TFunction } from "i18next";
import type { Lang } from "@contracts/language";
import type { OpsAuditEntry } from "@contracts/ops";
import { formatMoment } from "~/format/dates";

/**
 * What an audit entry's detail says, in the console's language (ADR 078). The store keeps details as short English
 * notes made by the server; each known shape is read into a sentence of the catalogue (audit.details.*); a shape not
 * known here (a schema problem's own words) is shown as kept.
 */
type Reader = { pattern: RegExp; key: string; values: (match: RegExpMatchArray, lang: Lang, t: TFunction) => Record<string, string> };

const role = (t: TFunction, value: string) => t(`ops:roles.${value}`, { defaultValue: value });
const READERS: Partial<Record<OpsAuditEntry["action"], Reader[]>> = {
  loginRefused: [
    { pattern: /^wrong name or password$/, key: "wrongPassword", values: () => ({}) },
    { pattern: /^asked to wait (\d+) s/, key: "wait", values: (match) => ({ seconds: match[1] }) },
    { pattern: /^no captcha/, key: "captchaMissing", values: () => ({}) },
    { pattern: /^wrong captcha$/, key: "captchaWrong", values: () => ({}) },
    { pattern: /^more than (\d+) sign-in calls/, key: "flood", values: (match) => ({ count: match[1] }) },
  ],
  publishRefused: [
    { pattern: /^(\w+): only a publisher may do this$/, key: "publisherOnly", values: () => ({}) },
    { pattern: /^version (\S+) is live now, not (\S+)$/, key: "conflict", values: (match) => ({ live: match[1], expected: match[2] }) },
  ],
  forbidden: [{ pattern: /^(\w+): only an admin/, key: "adminOnly", values: () => ({}) }],
  rollback: [{ pattern: /^to v(\d+)$/, key: "rollback", values: (match) => ({ version: match[1] }) }],
  copy: [{ pattern: /^copied from (\S+)$/, key: "copy", values: (match) => ({ from: match[1] }) }],
  schedulePublish: [{ pattern: /^at (\S+)$/, key: "schedule", values: (match, lang) => ({ at: formatMoment(match[1], lang) }) }],
  preview: [
    {
      pattern: /^(\S+) as (\w+) in (\w+)(?: at (\S+))?$/,
      key: "preview",
      values: (match, lang, t) => ({
        source: match[1],
        persona: t(`ops:audit.personas.${match[2]}`, { defaultValue: match[2] }),
        lang: match[3] === "en" ? "English" : "中文",
        at: match[4] ? formatMoment(match[4], lang) : t("ops:audit.details.now"),
      }),
    },
  ],
  staffAdded: [{ pattern: /^(\S+) (\w+)$/, key: "staffAdded", values: (match, _lang, t) => ({ username: match[1], role: role(t, match[2]) }) }],
  staffRoleChanged: [
    {
      pattern: /^(\S+) (\w+) (\w+)$/,
      key: "roleChanged",
      values: (match, _lang, t) => ({ username: match[1], from: role(t, match[2]), to: role(t, match[3]) }),
    },
  ],
  passwordSet: [{ pattern: /^(invite|reset|setup)$/, key: "passwordSet", values: (match, _lang, t) => ({ purpose: t(`ops:audit.purposes.${match[1]}`) }) }],
};

export function auditDetail(entry: OpsAuditEntry, t: TFunction, lang: Lang): string {
  if (entry.action === "saveDraft") return entry.repeats > 1 ? t("ops:audit.details.autosaves", { count: entry.repeats }) : "";
  if (!entry.detail) return "";
  for (const reader of READERS[entry.action] ?? []) {
    const match = entry.detail.match(reader.pattern);
    if (match) return t(`ops:audit.details.${reader.key}`, reader.values(match, lang, t));
  }
  return entry.detail;
}
