/**
 * The audio books' words: what each chapter says, sentence by sentence, in the language it is read in. The spoken files
 * and their sentence timings are made from these by `npm run make:audio` (espeak-ng, then lame) and committed, so a
 * fresh machine needs neither tool; the seed reads the timings to give each transcript line its start and end. The
 * words themselves are data: platform/seed/audio-books.json and audio-categories.json.
 */
import { seedData } from "../kernel/seed-data.server.ts";

export interface AudioBookText {
  /** The file name stem of its chapters: `<slug>-<n>.mp3`. */
  slug: string;
  /** The language the chapters are read in (the transcript's language). */
  voice: "cmn" | "en-gb";
  title: [string, string];
  author: [string, string];
  narrator: [string, string];
  summary: [string, string];
  category: string;
  /** Chapters 1..freeChapters are open to everyone; the rest are unlocked per book. */
  freeChapters: number;
  unlockPoints: number;
  chapters: { title: [string, string]; sentences: string[] }[];
}

export const AUDIO_CATEGORIES = seedData<{ key: string; name: [string, string]; intro: [string, string] }[]>("audio-categories.json");

export const AUDIO_BOOKS = seedData<AudioBookText[]>("audio-books.json");
