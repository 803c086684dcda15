import type { Db } from "../kernel/db.server.ts";
import { storeImage } from "../files/index.server.ts";
import { avatarPng, chartPng } from "./seed-images.server.ts";
import { seedData } from "../kernel/seed-data.server.ts";
import * as queries from "./queries.server.ts";

/**
 * The circle's seed: economists, finance and management scholars posting as they would, Chinese scholars in Chinese and
 * international ones in English (a post is shown as its author wrote it, in either interface language), some with
 * 1–9 charts, with comments, replies and praises. The people have no phone or password: nobody can sign in as them.
 */

/** The circle's people: a key (their user name is `circle:<key>`) and the name they post under. */
const PEOPLE = seedData<{ key: string; nickname: string }[]>("circle-people.json");

type Person = string;

interface SeedComment {
  by: Person;
  text: string;
  /** Index of the earlier comment on the same post this one answers. */
  replyTo?: number;
}

interface SeedPost {
  by: Person;
  hoursAgo: number;
  text: string;
  images: number;
  praisedBy: Person[];
  comments?: SeedComment[];
}

const POSTS = seedData<SeedPost[]>("circle-posts.json");

const USER_NAME = (key: string) => `circle:${key}`;

export function isCircleSeeded(db: Db): boolean {
  return queries.userIdByName(db, USER_NAME(PEOPLE[0].key)) !== undefined;
}

/** Seeds the circle once (a database that already has its people is left as it is). */
export function seedCircle(db: Db, now: Date, uploadsDir: string): void {
  if (isCircleSeeded(db)) return;
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
  let chart = 0;
  db.transaction(() => {
    const ids = new Map<Person, number>();
    PEOPLE.forEach((person, index) => {
      const avatar = storeImage(uploadsDir, avatarPng(index), "image/png");
      ids.set(person.key, queries.insertSeedUser(db, USER_NAME(person.key), person.nickname, avatar, hoursAgo(24 * 400)));
    });
    const idOf = (key: Person) => ids.get(key)!;
    // Colleagues follow each other: each person follows the next three.
    PEOPLE.forEach((person, index) => {
      for (let step = 1; step <= 3; step++)
        queries.insertUserFollow(db, idOf(person.key), idOf(PEOPLE[(index + step) % PEOPLE.length].key), hoursAgo(24 * 300));
    });
    for (const post of POSTS) {
      const postId = queries.insertSeedPost(db, idOf(post.by), post.text, hoursAgo(post.hoursAgo));
      for (let position = 0; position < post.images; position++)
        queries.insertPostImage(db, postId, position, storeImage(uploadsDir, chartPng(++chart), "image/png"));
      for (const person of post.praisedBy) queries.insertPostPraise(db, postId, idOf(person), hoursAgo(post.hoursAgo - 1));
      const commentIds: number[] = [];
      post.comments?.forEach((comment, index) => {
        const replyTo = comment.replyTo === undefined ? null : commentIds[comment.replyTo];
        const at = hoursAgo(post.hoursAgo - 1 - index);
        commentIds.push(queries.insertPostComment(db, postId, idOf(comment.by), replyTo, comment.text, at));
      });
    }
  })();
}
