import { createHash, randomBytes, randomInt, scryptSync, timingSafeEqual } from "node:crypto";
import type { Db } from "./db.server.ts";

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

/** A secret the platform keeps across restarts, made on first use. */
export function platformSecret(db: Db, name: string): string {
  db.prepare("INSERT OR IGNORE INTO platform_secrets (name, value) VALUES (?, ?)").run(name, randomBytes(32).toString("hex"));
  return db.prepare("SELECT value FROM platform_secrets WHERE name = ?").pluck().get(name) as string;
}
