import { createHash, randomBytes, randomInt, scryptSync, timingSafeEqual } from "node:crypto";

/** Staff passwords as scrypt$salt$hash, the form the embedded platform's store used, so moved accounts keep working. */
export function hashPassword(password: string): string {
  const salt = randomBytes(16).toString("hex");
  return `scrypt$${salt}$${scryptSync(password, salt, 32).toString("hex")}`;
}

export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "hex");
  return timingSafeEqual(scryptSync(password, salt, expected.length), expected);
}

export function sha256(text: string | Buffer): string {
  return createHash("sha256").update(text).digest("hex");
}

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A session token: 32 characters drawn from 62 (about 190 bits). */
export function newToken(): string {
  let token = "";
  for (let index = 0; index < 32; index++) token += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return token;
}
