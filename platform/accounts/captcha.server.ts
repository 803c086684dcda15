import { deflateSync } from "node:zlib";
import type { Db } from "../kernel/db.server.ts";
import { takeCaptchaAnswer } from "./queries.server.ts";

/** 5×7 bitmaps of the digits; the captcha image is drawn from them, with noise, and encoded as PNG here. */
const GLYPHS: Record<string, string[]> = {
  "0": ["01110", "10001", "10011", "10101", "11001", "10001", "01110"],
  "1": ["00100", "01100", "00100", "00100", "00100", "00100", "01110"],
  "2": ["01110", "10001", "00001", "00010", "00100", "01000", "11111"],
  "3": ["11110", "00001", "00001", "01110", "00001", "00001", "11110"],
  "4": ["00010", "00110", "01010", "10010", "11111", "00010", "00010"],
  "5": ["11111", "10000", "11110", "00001", "00001", "10001", "01110"],
  "6": ["00110", "01000", "10000", "11110", "10001", "10001", "01110"],
  "7": ["11111", "00001", "00010", "00100", "01000", "01000", "01000"],
  "8": ["01110", "10001", "10001", "01110", "10001", "10001", "01110"],
  "9": ["01110", "10001", "10001", "01111", "00001", "00010", "01100"],
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A grey-scale PNG of the digits, scaled and jittered, with speckle noise. */
export function captchaPng(digits: string, random: () => number = Math.random): Buffer {
  const scale = 4;
  const width = 20 + digits.length * 6 * scale;
  const height = 7 * scale + 16;
  const pixels = Buffer.alloc((width + 1) * height, 0);
  for (let y = 0; y < height; y++) {
    pixels[y * (width + 1)] = 0;
    for (let x = 0; x < width; x++) pixels[y * (width + 1) + 1 + x] = 235 - Math.floor(random() * 40);
  }
  [...digits].forEach((digit, index) => {
    const glyph = GLYPHS[digit];
    const offsetX = 10 + index * 6 * scale + Math.floor(random() * 4);
    const offsetY = 6 + Math.floor(random() * 5);
    glyph.forEach((row, gy) =>
      [...row].forEach((bit, gx) => {
        if (bit !== "1") return;
        for (let dy = 0; dy < scale; dy++)
          for (let dx = 0; dx < scale; dx++) {
            const x = offsetX + gx * scale + dx;
            const y = offsetY + gy * scale + dy;
            if (x < width && y < height) pixels[y * (width + 1) + 1 + x] = 30 + Math.floor(random() * 50);
          }
      }),
    );
  });
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * Spends the captcha drawn for randStr (GET /web/captcha.jpg): true when ticket is its answer. A captcha answers one
 * check, right or wrong. In test mode (CAPTCHA=test, local only) every answer passes, as with a provider's test keys.
 */
export function spendCaptcha(db: Db, randStr: string, ticket: string, testMode: boolean): boolean {
  if (testMode) return true;
  const answer = takeCaptchaAnswer(db, randStr);
  return answer !== undefined && answer === ticket;
}
