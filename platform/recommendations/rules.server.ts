/**
 * The decisions of recommendations and rankings (ADR 082): what a person's interest is (the scholars they follow,
 * what they read and watch, by JEL field, author and institution), how an item meets it and why, and what is hot.
 */
import type { Db } from "../kernel/db.server.ts";
import { toItem, type ItemRow } from "../content/index.server.ts";
import { readSections } from "../scholars/index.server.ts";
import { interestRows, rankedItems, type Scored, topicsOfJel } from "./queries.server.ts";

export interface Interest {
  authors: { code: string; name: string; nameEn: string }[];
  orgs: { name: string; nameEn: string }[];
  topics: { topic: string; topicEn: string }[];
  /** Topics of the JEL codes of followed scholars and kept papers: a wider field, weighed less than a topic itself. */
  jelTopics: { topic: string; topicEn: string }[];
}

const NO_INTEREST: Interest = { authors: [], orgs: [], topics: [], jelTopics: [] };

const uniqueBy = <T>(list: T[], key: (entry: T) => string) => [...new Map(list.map((entry) => [key(entry), entry])).values()];

/** A signed-in person's interest; a visitor (0) has none, and is shown what is popular. */
export function interestOf(db: Db, userId: number): Interest {
  if (!userId) return NO_INTEREST;
  const rows = interestRows(db, userId);
  const followedJel = rows.followed.flatMap((scholar) => readSections(scholar.sections).jelCodes ?? []);
  const topics = [
    ...rows.followed.map((scholar) => ({ topic: scholar.field, topicEn: scholar.field_en })),
    ...rows.keptTopics.map((row) => ({ topic: row.topic, topicEn: row.topic_en })),
  ];
  const jelTopics = topicsOfJel(db, [...followedJel, ...rows.keptJel]).map((row) => ({ topic: row.topic, topicEn: row.topic_en }));
  return {
    authors: rows.followed.map((scholar) => ({ code: scholar.author_code, name: scholar.name, nameEn: scholar.name_en })),
    orgs: uniqueBy(
      rows.followed.map((scholar) => ({ name: scholar.org_name, nameEn: scholar.org_name_en })),
      (org) => org.name,
    ),
    topics: uniqueBy(
      topics.filter((entry) => entry.topic),
      (entry) => entry.topic,
    ),
    jelTopics: uniqueBy(
      jelTopics.filter((entry) => entry.topic && !topics.some((other) => other.topic === entry.topic)),
      (entry) => entry.topic,
    ),
  };
}

const isPersonal = (interest: Interest) => interest.authors.length + interest.topics.length + interest.jelTopics.length > 0;

/** An author followed counts 3, a field 2, a JEL field or an institution 1: a followed person's work comes first. */
function scoreOf(interest: Interest): Scored {
  const inList = (expression: string, name: string) => `${expression} IN (SELECT value FROM json_each(@${name}))`;
  const byAuthor = `EXISTS (SELECT 1 FROM json_each(@names) n WHERE instr(items.author_name, n.value) > 0)
    OR EXISTS (SELECT 1 FROM json_each(items.extra, '$.authors') a WHERE ${inList("json_extract(a.value, '$.authorCode')", "codes")})
    OR ${inList("json_extract(items.extra, '$.chairCode')", "codes")}`;
  const byTopic = `${inList("json_extract(items.extra, '$.topic')", "topics")}
    OR ${inList("(SELECT field FROM scholars WHERE author_code = json_extract(items.extra, '$.chairCode'))", "topics")}`;
  return {
    sql: `(CASE WHEN ${byAuthor} THEN 3 ELSE 0 END) + (CASE WHEN ${byTopic} THEN 2 ELSE 0 END)
      + (CASE WHEN ${inList("json_extract(items.extra, '$.topic')", "jelTopics")} THEN 1 ELSE 0 END) + (CASE WHEN ${inList("items.org_name", "orgs")} THEN 1 ELSE 0 END)`,
    args: {
      names: JSON.stringify(interest.authors.map((author) => author.name)),
      codes: JSON.stringify(interest.authors.map((author) => author.code)),
      topics: JSON.stringify(interest.topics.map((entry) => entry.topic)),
      jelTopics: JSON.stringify(interest.jelTopics.map((entry) => entry.topic)),
      orgs: JSON.stringify(interest.orgs.map((org) => org.name)),
    },
  };
}

/** Why an item is shown, in both languages: the followed author, the field or the institution it meets, or popularity. */
export function reasonFor(row: ItemRow, interest: Interest): { because: string; becauseEn: string } {
  const extra = JSON.parse(row.extra) as { topic?: string; chairCode?: string; authors?: { authorCode?: string }[] };
  const author = interest.authors.find(
    (entry) => row.author_name.includes(entry.name) || extra.chairCode === entry.code || extra.authors?.some((one) => one.authorCode === entry.code),
  );
  if (author) return { because: `因为您关注了${author.name}`, becauseEn: `Because you follow ${author.nameEn}` };
  const topic = interest.topics.find((entry) => entry.topic === extra.topic);
  if (topic) return { because: `与您关注的领域相关：${topic.topic}`, becauseEn: `In a field you follow: ${topic.topicEn}` };
  const jelTopic = interest.jelTopics.find((entry) => entry.topic === extra.topic);
  if (jelTopic) return { because: `与您关注的JEL领域相关：${jelTopic.topic}`, becauseEn: `Near a JEL field you follow: ${jelTopic.topicEn}` };
  const org = interest.orgs.find((entry) => entry.name === row.org_name);
  if (org) return { because: `来自您关注的机构：${org.name}`, becauseEn: `From an institution you follow: ${org.nameEn}` };
  return { because: "热门", becauseEn: "Popular" };
}

/** Recommended items of some kinds for a person (or a visitor), each with the reason it is shown. */
export function recommend(db: Db, userId: number, kinds: string[], limit: number, extraWhere = "") {
  const interest = interestOf(db, userId);
  const personal = isPersonal(interest);
  const rows = rankedItems(db, kinds, personal ? scoreOf(interest) : { sql: "0", args: {} }, userId, extraWhere, limit);
  return {
    personalized: personal,
    list: rows.map((row) => ({ ...toItem(row), ...(row.score > 0 ? reasonFor(row, interest) : { because: "热门", becauseEn: "Popular" }) })),
  };
}
