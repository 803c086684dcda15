/**
 * Images made in the test, small on disk and in memory (no binary fixtures): decompression bombs built byte by byte,
 * and ordinary photos, charts and animations drawn by sharp. Shared by the unit tests and the attack suite (ADR 041).
 */
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG chunk with its length and a correct CRC, as a decoder checks it. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG from its header values and already compressed pixel data (IDAT), with extra chunks before the data. */
export function handmadePng(width: number, height: number, bitDepth: number, colourType: number, idat: Buffer, extra: Buffer[] = []): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = colourType;
  return Buffer.concat([PNG_SIGNATURE, pngChunk("IHDR", header), ...extra, pngChunk("IDAT", idat), pngChunk("IEND", Buffer.alloc(0))]);
}

let bomb: Buffer | null = null;
/**
 * A real, complete 20000×20000 PNG (400 megapixels; one bit per pixel, every row zero) of about 48 KB: what decodes to
 * 400 MB of grey, or 1.6 GB as a browser's RGBA bitmap.
 */
export function hugePng(): Buffer {
  bomb ??= handmadePng(20000, 20000, 1, 0, deflateSync(Buffer.alloc(20000 * (1 + 20000 / 8)), { level: 9 }));
  return bomb;
}

/** A PNG of under 80 bytes whose header says 100000×100000 (10 gigapixels), with almost no data behind it. */
export function lyingPng(): Buffer {
  return handmadePng(100000, 100000, 8, 2, deflateSync(Buffer.alloc(10)));
}

/**
 * A GIF built byte by byte whose every frame claims width×height (and holds almost nothing: a clear code and the end),
 * so a header alone says how many pixels all its frames would be.
 */
export function handmadeGif(width: number, height: number, frames: number): Buffer {
  const size = (value: number) => Buffer.from([value & 0xff, value >> 8]);
  const screen = Buffer.concat([Buffer.from("GIF89a", "latin1"), size(width), size(height), Buffer.from([0, 0, 0])]);
  const frame = Buffer.concat([
    Buffer.from([0x2c]),
    size(0),
    size(0),
    size(width),
    size(height),
    // A local colour table of two entries (black, white); LZW minimum code size 2; one block with clear (4) then end (5).
    Buffer.from([0x80, 0, 0, 0, 255, 255, 255, 2, 1, 0x2c, 0]),
  ]);
  return Buffer.concat([screen, ...Array(frames).fill(frame), Buffer.from([0x3b])]);
}

/** A flat PNG of the size asked, optionally with a tEXt chunk (what an uploader could hide in it). */
export async function plainPng(width: number, height: number, colour = "#3a7bd5"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

export async function plainJpeg(width: number, height: number, colour = "#c0392b"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

/** The camera's make written into the sample photo's EXIF, to look for in what is stored. */
export const CAMERA_MAKE = "AttackerCam";

/**
 * A phone photo as a camera writes it: pixels stored sideways with EXIF orientation 6 (turn 90° clockwise to show),
 * the camera's make and model and a GPS position. Stored `width`×`height`, left half red and right half blue, so
 * shown upright it is `height` wide, `width` tall, red on top; or, with `noise` (a standard deviation), grain all over,
 * which JPEG compresses about as badly as a real photo (sigma 15 at 3 MP: about 1.2 MB).
 */
export async function phonePhoto(width: number, height: number, { noise = 0 } = {}): Promise<Buffer> {
  const picture = noise
    ? sharp({ create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: noise } } })
    : sharp({ create: { width, height, channels: 3, background: "#0000ff" } }).composite([
        {
          input: await sharp({ create: { width: Math.floor(width / 2), height, channels: 3, background: "#ff0000" } })
            .png()
            .toBuffer(),
          left: 0,
          top: 0,
        },
      ]);
  return sharp(await picture.png().toBuffer())
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: CAMERA_MAKE, Model: "Sideways 6" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "39/1 54/1 2700/100", GPSLongitudeRef: "E", GPSLongitude: "116/1 23/1 1700/100" },
    })
    .toBuffer();
}

/** An animated GIF of `frames` flat frames of width×height, each shown 100 ms. */
export async function animatedGif(width: number, height: number, frames: number): Promise<Buffer> {
  const colours = ["#e74c3c", "#2ecc71", "#3498db", "#f1c40f"];
  const strip = Buffer.concat(
    await Promise.all(
      Array.from({ length: frames }, (_, index) =>
        sharp({ create: { width, height, channels: 3, background: colours[index % colours.length] } })
          .raw()
          .toBuffer(),
      ),
    ),
  );
  return sharp(strip, { raw: { width, height: height * frames, channels: 3, pageHeight: height } })
    .gif({ delay: Array(frames).fill(100), loop: 0 })
    .toBuffer();
}

/**
 * Whether raw EXIF (as sharp's metadata hands it, "Exif\0\0" and a TIFF structure) has a GPS IFD: tag 0x8825 in
 * IFD0. Read by hand, so the test does not trust the code it checks.
 */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(exif.indexOf("Exif\0\0", 0, "latin1") >= 0 ? exif.indexOf("Exif\0\0", 0, "latin1") + 6 : 0);
  if (tiff.length < 8) return false;
  const little = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  const entries = u16(ifd);
  for (let index = 0; index < entries; index++) if (u16(ifd + 2 + index * 12) === 0x8825) return true;
  return false;
}
