import type { Db } from "../kernel/db.server.ts";
import { storeImage } from "../files.server.ts";
import { avatarPng, chartPng } from "./seed-images.server.ts";
import { seedData } from "../kernel/seed-data.server.ts";

/**
 * The circle's seed: economists, finance and management scholars posting as they would, Chinese scholars in Chinese and
 * international ones in English (a post is shown as its author wrote it, in either interface language), some with
 * 1–9 charts, with comments, replies and praises. The people have no phone or password: nobody can sign in as them.
 */

const PEOPLE = [
  { key: "chen-siyuan", nickname: "陈思远" },
  { key: "lin-xiaolan", nickname: "林晓岚" },
  { key: "wang-zhiqiang", nickname: "王志强" },
  { key: "zhao-yutong", nickname: "赵雨桐" },
  { key: "zhou-mingzhe", nickname: "周明哲" },
  { key: "emily-carter", nickname: "Emily Carter" },
  { key: "rahul-mehta", nickname: "Rahul Mehta" },
  { key: "sofia-lindqvist", nickname: "Sofia Lindqvist" },
] as const;

type Person = (typeof PEOPLE)[number]["key"];

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
  return Boolean(db.prepare("SELECT 1 FROM users WHERE user_name = ?").get(USER_NAME(PEOPLE[0].key)));
}

/** Seeds the circle once (a database that already has its people is left as it is). */
export function seedCircle(db: Db, now: Date, uploadsDir: string): void {
  if (isCircleSeeded(db)) return;
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
  let chart = 0;
  db.transaction(() => {
    const ids = new Map<Person, number>();
    const addUser = db.prepare("INSERT INTO users (user_name, nickname, portrait_url, created_at) VALUES (?, ?, ?, ?)");
    PEOPLE.forEach((person, index) => {
      const avatar = storeImage(uploadsDir, avatarPng(index), "image/png");
      ids.set(person.key, Number(addUser.run(USER_NAME(person.key), person.nickname, avatar, hoursAgo(24 * 400)).lastInsertRowid));
    });
    // Colleagues follow each other: each person follows the next three.
    const addFollow = db.prepare("INSERT INTO user_follows (follower_id, followee_id, created_at) VALUES (?, ?, ?)");
    PEOPLE.forEach((person, index) => {
      for (let step = 1; step <= 3; step++) addFollow.run(ids.get(person.key), ids.get(PEOPLE[(index + step) % PEOPLE.length].key), hoursAgo(24 * 300));
    });
    const addPost = db.prepare("INSERT INTO circle_posts (user_id, content, created_at) VALUES (?, ?, ?)");
    const addImage = db.prepare("INSERT INTO circle_images (post_id, position, url) VALUES (?, ?, ?)");
    const addPraise = db.prepare("INSERT INTO circle_praises (post_id, user_id, created_at) VALUES (?, ?, ?)");
    const addComment = db.prepare("INSERT INTO comments (kind, target_id, user_id, reply_to_id, content, created_at) VALUES ('circle', ?, ?, ?, ?, ?)");
    for (const post of POSTS) {
      const postId = Number(addPost.run(ids.get(post.by), post.text, hoursAgo(post.hoursAgo)).lastInsertRowid);
      for (let position = 0; position < post.images; position++) addImage.run(postId, position, storeImage(uploadsDir, chartPng(++chart), "image/png"));
      for (const person of post.praisedBy) addPraise.run(postId, ids.get(person), hoursAgo(post.hoursAgo - 1));
      const commentIds: number[] = [];
      post.comments?.forEach((comment, index) => {
        const replyTo = comment.replyTo === undefined ? null : commentIds[comment.replyTo];
        const at = hoursAgo(post.hoursAgo - 1 - index);
        commentIds.push(Number(addComment.run(postId, ids.get(comment.by), replyTo, comment.text, at).lastInsertRowid));
      });
    }
  })();
}
