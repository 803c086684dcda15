import { crc32, deflateSync } from "node:zlib";

/**
 * Small real PNG images drawn at seed time (no binary files in the repository): the charts and photos-of-slides a
 * scholar posts, and plain avatars. Deterministic for a given seed, so a re-seeded database looks the same.
 */

type Rgb = readonly [number, number, number];

const PALETTES: readonly Rgb[][] = [
  [
    [31, 78, 121],
    [84, 140, 168],
    [240, 165, 0],
    [204, 86, 30],
  ],
  [
    [46, 125, 50],
    [129, 199, 132],
    [255, 183, 77],
    [121, 85, 72],
  ],
  [
    [106, 27, 154],
    [186, 104, 200],
    [0, 151, 167],
    [255, 112, 67],
  ],
  [
    [183, 28, 28],
    [239, 154, 154],
    [38, 50, 56],
    [120, 144, 156],
  ],
];

/** mulberry32: a tiny seeded generator, enough for chart shapes. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

class Canvas {
  readonly pixels: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
    this.rect(0, 0, width, height, background);
  }

  rect(x: number, y: number, w: number, h: number, colour: Rgb): void {
    for (let row = Math.max(0, Math.round(y)); row < Math.min(this.height, Math.round(y + h)); row++) {
      for (let column = Math.max(0, Math.round(x)); column < Math.min(this.width, Math.round(x + w)); column++) {
        this.pixels.set(colour, (row * this.width + column) * 3);
      }
    }
  }

  disc(cx: number, cy: number, radius: number, colour: Rgb): void {
    for (let row = Math.floor(cy - radius); row <= cy + radius; row++) {
      for (let column = Math.floor(cx - radius); column <= cx + radius; column++) {
        if (row < 0 || column < 0 || row >= this.height || column >= this.width) continue;
        if ((column - cx) ** 2 + (row - cy) ** 2 <= radius ** 2) this.pixels.set(colour, (row * this.width + column) * 3);
      }
    }
  }

  line(x0: number, y0: number, x1: number, y1: number, colour: Rgb, thickness = 2): void {
    const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0), 1);
    for (let step = 0; step <= steps; step++) this.disc(x0 + ((x1 - x0) * step) / steps, y0 + ((y1 - y0) * step) / steps, thickness, colour);
  }

  png(): Buffer {
    const stride = this.width * 3 + 1;
    const raw = Buffer.alloc(stride * this.height);
    for (let row = 0; row < this.height; row++) {
      raw[row * stride] = 0; // filter: none
      raw.set(this.pixels.subarray(row * this.width * 3, (row + 1) * this.width * 3), row * stride + 1);
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(raw)),
      chunk("IEND", Buffer.alloc(0)),
    ]);
  }
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, checksum]);
}

const PAPER: Rgb = [250, 248, 243];
const AXIS: Rgb = [90, 90, 90];
const GRID: Rgb = [225, 222, 214];

/** A chart as a scholar would post it: bars, lines, a scatter with its fitted line, or a heat map; 360×270. */
export function chartPng(seed: number): Buffer {
  const next = random(seed);
  const palette = PALETTES[seed % PALETTES.length];
  const canvas = new Canvas(360, 270, PAPER);
  const [left, top, right, bottom] = [36, 24, 340, 240];
  for (let y = top; y <= bottom; y += 36) canvas.rect(left, y, right - left, 1, GRID);
  const kind = seed % 4;
  if (kind === 0) {
    const bars = 6 + Math.floor(next() * 5);
    const width = (right - left) / bars;
    for (let index = 0; index < bars; index++) {
      const height = (0.2 + next() * 0.75) * (bottom - top);
      canvas.rect(left + index * width + 4, bottom - height, width - 8, height, palette[index % 2]);
    }
  } else if (kind === 1) {
    for (let series = 0; series < 3; series++) {
      let y = top + (0.3 + next() * 0.5) * (bottom - top);
      for (let x = left; x < right - 20; x += 20) {
        const nextY = Math.min(bottom - 4, Math.max(top + 4, y + (next() - 0.5) * 40));
        canvas.line(x, y, x + 20, nextY, palette[series], 2);
        y = nextY;
      }
    }
  } else if (kind === 2) {
    const slope = 0.3 + next() * 0.6;
    for (let point = 0; point < 70; point++) {
      const x = left + next() * (right - left);
      const y = bottom - slope * (x - left) * 0.7 - next() * 60;
      canvas.disc(x, Math.max(top, y), 3, palette[1]);
    }
    canvas.line(left, bottom - 30, right, bottom - 30 - slope * (right - left) * 0.7, palette[3], 2);
  } else {
    const cells = 8;
    const size = (bottom - top) / cells;
    for (let row = 0; row < cells; row++) {
      for (let column = 0; column < cells; column++) {
        const value = next();
        const [a, b] = [palette[0], palette[2]];
        const colour: Rgb = [0, 1, 2].map((channel) => Math.round(a[channel] + (b[channel] - a[channel]) * value)) as unknown as Rgb;
        canvas.rect(left + 20 + column * size, top + row * size, size - 2, size - 2, colour);
      }
    }
  }
  canvas.rect(left, top, 2, bottom - top, AXIS);
  canvas.rect(left, bottom, right - left, 2, AXIS);
  return canvas.png();
}

/** A plain avatar: a head and shoulders on a coloured ground; 96×96. */
export function avatarPng(seed: number): Buffer {
  const palette = PALETTES[seed % PALETTES.length];
  const canvas = new Canvas(96, 96, palette[1]);
  canvas.disc(48, 38, 18, [250, 244, 235]);
  canvas.disc(48, 104, 40, palette[0]);
  return canvas.png();
}
