import { createHash, randomBytes, randomInt, scryptSync, timingSafeEqual } from "node:crypto";
import type { ErrorObject } from "ajv";
import { loadCatalogues } from "@contracts/catalogues.server.ts";
import { COOKIE_NAMES, readCookie } from "@contracts/cookies.ts";
import { fieldErrors } from "@contracts/form-errors.ts";
import { toLang, type Lang } from "@contracts/language.ts";
import type { Db } from "./db.server.ts";
import { fail, type ApiContext, type Envelope } from "./router.server.ts";

const catalogues = loadCatalogues();

/** The caller's language: the lang cookie (same origin), a lang header (apps), else zh. */
export function languageOf(context: ApiContext): Lang {
  return toLang(context.headers.get("lang") ?? readCookie(context.headers.get("cookie"), COOKIE_NAMES.lang));
}

/** A message from the catalogues by "namespace:key", in the caller's language. */
export function translate(context: ApiContext, key: string): string {
  const [namespace, path] = key.split(":");
  let current: unknown = catalogues[languageOf(context)][namespace];
  for (const part of path.split(".")) current = (current as Record<string, unknown> | undefined)?.[part];
  return typeof current === "string" ? current : key;
}

/** zh or en text picked for the caller, for server messages the catalogues do not hold. */
export function say(context: ApiContext, zh: string, en: string): string {
  return languageOf(context) === "en" ? en : zh;
}

type Validator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** A form's bundled schema and its precompiled validators, as generated into schemas/generated/forms/. */
export interface FormKit {
  schema: { $id: string };
  validators: Record<string, Validator>;
}

export function formKit(schema: { $id: string }, validators: unknown): FormKit {
  return { schema, validators: validators as Record<string, Validator> };
}

/**
 * Validates a body with a form's precompiled validator (the same the browser's form uses), after trimming strings
 * and dropping blank ones.
 * Returns the trimmed params, or a 400 envelope with the first field's message and every field's key.
 */
/** The spec's names of a country calling code and of a national phone number in request bodies. */
const CALLING_CODE_FIELDS = new Set(["prefix", "mobilePrefix"]);
const NATIONAL_NUMBER_FIELDS = new Set(["phoneNum", "mobile", "phoneNumber", "phone", "userName"]);

/**
 * One phone, one spelling (E.164's digits): "+86", "086" and "0086" are the calling code 86, and a national number
 * written with its trunk 0 is the number without it. Limits and accounts keyed on the phone then cannot be walked
 * around by respelling it. Anything else (an email as userName) is left as it is.
 */
export function canonicalPhoneField(key: string, value: string): string {
  if (CALLING_CODE_FIELDS.has(key) && /^\+?\d+$/.test(value)) return value.replace(/^\+/, "").replace(/^0+(?=\d)/, "");
  if (NATIONAL_NUMBER_FIELDS.has(key) && /^\d+$/.test(value)) return value.replace(/^0+(?=\d)/, "");
  return value;
}

export function validateBody<T>(context: ApiContext, kit: FormKit): { ok: true; value: T } | { ok: false; envelope: Envelope } {
  const validator = kit.validators[kit.schema.$id];
  const trimmed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(context.params)) {
    // A blank field is a missing one, as in the browser's form (RJSF drops empty inputs): "required" messages apply.
    if (typeof value !== "string") trimmed[key] = value;
    else if (value.trim()) trimmed[key] = canonicalPhoneField(key, value.trim());
  }
  if (validator(trimmed)) return { ok: true, value: trimmed as T };
  const fields = fieldErrors(validator.errors);
  const first = Object.values(fields)[0];
  return {
    ok: false,
    envelope: fail(400, first ? translate(context, first) : say(context, "请求参数有误", "Invalid request"), { fields }),
  };
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

export function hashPassword(password: string): string {
  const salt = randomBytes(16).toString("hex");
  return `scrypt$${salt}$${scryptSync(password, salt, 32).toString("hex")}`;
}

export function verifyPassword(password: string, stored: string | null): boolean {
  if (!stored) return false;
  const [scheme, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "hex");
  const actual = scryptSync(password, salt, expected.length);
  return timingSafeEqual(actual, expected);
}

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** 32 alphanumeric characters from the secure source: about 190 bits. */
export function newToken(): string {
  let token = "";
  for (let index = 0; index < 32; index++) token += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return token;
}

export function sixDigits(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** A sliding-window limit kept in the database, so it holds across restarts. */
export function allow(db: Db, bucket: string, max: number, windowMs: number, now: number): boolean {
  const since = now - windowMs;
  const used = db.prepare("SELECT COUNT(*) FROM rate_events WHERE bucket = ? AND at > ?").pluck().get(bucket, since) as number;
  if (used >= max) return false;
  db.prepare("INSERT INTO rate_events (bucket, at) VALUES (?, ?)").run(bucket, now);
  return true;
}

/**
 * Several limits on one costly action (per user and per address): it is allowed only when every bucket has room,
 * and then counted in all of them, so a refusal by one never uses up another.
 */
export function allowAll(db: Db, limits: { bucket: string; max: number }[], windowMs: number, now: number): boolean {
  const since = now - windowMs;
  const used = db.prepare("SELECT COUNT(*) FROM rate_events WHERE bucket = ? AND at > ?").pluck();
  if (limits.some(({ bucket, max }) => (used.get(bucket, since) as number) >= max)) return false;
  const record = db.prepare("INSERT INTO rate_events (bucket, at) VALUES (?, ?)");
  for (const { bucket } of limits) record.run(bucket, now);
  return true;
}

/** A secret the platform keeps across restarts, made on first use. */
export function platformSecret(db: Db, name: string): string {
  db.prepare("INSERT OR IGNORE INTO platform_secrets (name, value) VALUES (?, ?)").run(name, randomBytes(32).toString("hex"));
  return db.prepare("SELECT value FROM platform_secrets WHERE name = ?").pluck().get(name) as string;
}

export function pruneRateEvents(db: Db, now: number): void {
  db.prepare("DELETE FROM rate_events WHERE at < ?").run(now - 86_400_000);
}

const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/** The calendar day in Asia/Shanghai (UTC+8 all year, no daylight saving): daily limits and sign-ins count by it. */
export function shanghaiDay(at: Date): string {
  return new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** The day before a Shanghai calendar day ("2026-03-01" → "2026-02-28"). */
export function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** A refusal found after a transaction began writing: thrown so everything it wrote rolls back, then answered as its envelope. */
export class Refusal extends Error {
  constructor(readonly envelope: Envelope) {
    super(envelope.message);
  }
}

/** Runs a transaction that may refuse by throwing a Refusal, and answers with the refusal's envelope. */
export function answerRefusal(run: () => Envelope): Envelope {
  try {
    return run();
  } catch (error) {
    if (error instanceof Refusal) return error.envelope;
    throw error;
  }
}
