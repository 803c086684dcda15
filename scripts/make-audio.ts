/**
 * Speaks every audio-book chapter of platform/audio-books/texts.server.ts with espeak-ng and encodes it small
 * with lame (mono, 16 kHz, 24 kbit/s), writing platform/audio/<slug>-<n>.mp3 and timings.json (each
 * sentence's start and end, from the lengths of the spoken pieces). The output is committed: run this only after
 * changing the texts (apt-get install -y espeak-ng lame).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AUDIO_BOOKS } from "../platform/audio-books/texts.server.ts";

const OUT = join(import.meta.dirname, "..", "platform", "audio");
const LEAD_IN_MS = 400;
const GAP_MS = 350;

interface Pcm {
  sampleRate: number;
  samples: Buffer;
}

/** The 16-bit mono samples of a WAV file espeak-ng wrote, found by walking its chunks. */
function readWav(file: string): Pcm {
  const bytes = readFileSync(file);
  let offset = 12;
  let sampleRate = 0;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString("ascii", offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (id === "fmt ") sampleRate = bytes.readUInt32LE(offset + 12);
    // espeak-ng streams its WAV and may leave the data size at its maximum: the samples run to the end of the file.
    if (id === "data") return { sampleRate, samples: bytes.subarray(offset + 8, Math.min(bytes.length, offset + 8 + size)) };
    offset += 8 + size;
  }
  throw new Error(`${file} has no data chunk`);
}

function wavFile(sampleRate: number, samples: Buffer): Buffer {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + samples.length, 4);
  header.write("WAVEfmt ", 8, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

const silence = (sampleRate: number, ms: number) => Buffer.alloc(Math.round((sampleRate * ms) / 1000) * 2);
const msOf = (sampleRate: number, bytes: number) => Math.round((bytes / 2 / sampleRate) * 1000);

const work = mkdtempSync(join(tmpdir(), "audio-"));
const timings: Record<string, { durationMs: number; lines: { startMs: number; endMs: number }[] }> = {};
try {
  for (const book of AUDIO_BOOKS) {
    book.chapters.forEach((chapter, index) => {
      const name = `${book.slug}-${index + 1}`;
      const parts: Buffer[] = [];
      const lines: { startMs: number; endMs: number }[] = [];
      let sampleRate = 0;
      let length = 0;
      chapter.sentences.forEach((sentence, line) => {
        const wav = join(work, `${name}-${line}.wav`);
        execFileSync("espeak-ng", ["-v", book.voice, "-s", book.voice === "cmn" ? "165" : "150", "-w", wav, sentence]);
        const pcm = readWav(wav);
        sampleRate = pcm.sampleRate;
        const pause = silence(sampleRate, line === 0 ? LEAD_IN_MS : GAP_MS);
        parts.push(pause, pcm.samples);
        length += pause.length;
        const startMs = msOf(sampleRate, length);
        length += pcm.samples.length;
        lines.push({ startMs, endMs: msOf(sampleRate, length) });
      });
      parts.push(silence(sampleRate, GAP_MS));
      const whole = Buffer.concat(parts);
      const wavPath = join(work, `${name}.wav`);
      writeFileSync(wavPath, wavFile(sampleRate, whole));
      execFileSync("lame", [
        "--quiet",
        "-m",
        "m",
        "--resample",
        "16",
        "-b",
        "24",
        "--tt",
        chapter.title[1],
        "--ta",
        book.author[1],
        wavPath,
        join(OUT, `${name}.mp3`),
      ]);
      timings[name] = { durationMs: msOf(sampleRate, whole.length), lines };
      console.log(`${name}.mp3: ${(timings[name].durationMs / 1000).toFixed(1)} s, ${lines.length} sentences`);
    });
  }
  writeFileSync(join(OUT, "timings.json"), `${JSON.stringify(timings, null, 2)}\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
