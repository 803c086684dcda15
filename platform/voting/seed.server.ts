import type { Db } from "../kernel/db.server.ts";
import { seedData } from "../kernel/seed-data.server.ts";
import * as queries from "./queries.server.ts";
import type { SeedItem } from "./queries.server.ts";

const DAY_MS = 86_400_000;

type Pair = [string, string];

interface SeedCampaign {
  title: Pair;
  rules: Pair;
  ticketsPerDay: number;
  fromDay: number;
  toDay: number;
}

interface SeedVoting {
  bookVote: SeedCampaign;
  videoVote: SeedCampaign;
  bookNominators: Pair[];
  /** Texts with `{topic}` where the entry's topic goes. */
  bookStatements: Pair[];
  videoStatements: Pair[];
  contest: {
    title: Pair;
    fromDay: number;
    toDay: number;
    previousTitle: Pair;
    previousFromDay: number;
    previousToDay: number;
    ticketsPerDay: number;
    rules: Pair;
    stages: { title: Pair; description: Pair }[];
    /** The readers of the current edition, then of the previous one. */
    readers: [Pair[], Pair[]];
    talks: Pair[];
    awards: Pair[];
  };
}

type Seeding = { db: Db; texts: SeedVoting; at: (days: number) => string };

const topicOf = (item: SeedItem): Pair => [item.topic ?? item.title, item.topic_en ?? item.title_en];
const onTopic = ([zh, en]: Pair, [topicZh, topicEn]: Pair): Pair => [zh.replaceAll("{topic}", topicZh), en.replaceAll("{topic}", topicEn)];

function addCampaign({ db, at }: Seeding, campaign: SeedCampaign, kind: "book" | "video", contest: 0 | 1) {
  const [title, title_en] = campaign.title;
  const [rules, rules_en] = campaign.rules;
  const window = { starts_at: at(campaign.fromDay), ends_at: at(campaign.toDay) };
  return queries.insertCampaign(db, { kind, title, title_en, rules, rules_en, tickets_per_day: campaign.ticketsPerDay, ...window, contest });
}

/** A contest edition: submissions for 30 days before its vote, the vote, awards for 10 days after; one entry a video. */
function addContest(seeding: Seeding, edition: { title: Pair; fromDay: number; toDay: number }, videos: SeedItem[], readers: Pair[]) {
  const { db, texts, at } = seeding;
  const { contest } = texts;
  const id = addCampaign(seeding, { ...edition, rules: contest.rules, ticketsPerDay: contest.ticketsPerDay }, "video", 1);
  const bounds = [
    [edition.fromDay - 30, edition.fromDay],
    [edition.fromDay, edition.toDay],
    [edition.toDay, edition.toDay + 10],
  ];
  contest.stages.forEach((stage, position) => {
    const [title, title_en] = stage.title;
    const [description, description_en] = stage.description;
    queries.insertStage(db, id, {
      position,
      title,
      title_en,
      description,
      description_en,
      starts_at: at(bounds[position][0]),
      ends_at: at(bounds[position][1]),
    });
  });
  const entryIds = videos.map((video, index) => {
    const book = queries.bookOnTopic(db, topicOf(video)[0]) ?? { title: video.title, title_en: video.title_en };
    const [talk, talkEn] = contest.talks[index % contest.talks.length];
    const statement: Pair = [`讲书：《${book.title}》。${talk}`, `On ${book.title_en}: ${talkEn}`];
    return queries.insertEntry(db, { campaignId: id, itemId: video.id, entrant: readers[index % readers.length], statement, sort: index });
  });
  return { id, entryIds };
}

/**
 * Seeds, into a database without campaigns (texts in platform/seed/voting.json): a running book vote (9 books, 3
 * tickets a day), a running video vote (6 videos, 5 a day), the reading contest in its voting stage (6 book talks) and
 * its previous, awarded edition.
 */
export function seedVoting(db: Db, now: Date): void {
  if (queries.anyCampaign(db)) return;
  const books = queries.seedItemsOf(db, "book", 9);
  const videos = queries.seedItemsOf(db, "video", 18);
  if (books.length === 0 || videos.length === 0) return;
  const texts = seedData<SeedVoting>("voting.json");
  const seeding: Seeding = { db, texts, at: (days) => new Date(now.getTime() + days * DAY_MS).toISOString() };
  const { contest } = texts;
  db.transaction(() => {
    const bookVote = addCampaign(seeding, texts.bookVote, "book", 0);
    books.forEach((book, index) => {
      const statement = onTopic(texts.bookStatements[index % texts.bookStatements.length], topicOf(book));
      queries.insertEntry(db, {
        campaignId: bookVote,
        itemId: book.id,
        entrant: texts.bookNominators[index % texts.bookNominators.length],
        statement,
        sort: index,
      });
    });
    const videoVote = addCampaign(seeding, texts.videoVote, "video", 0);
    videos.slice(0, 6).forEach((video, index) => {
      const statement = onTopic(texts.videoStatements[index % texts.videoStatements.length], topicOf(video));
      queries.insertEntry(db, { campaignId: videoVote, itemId: video.id, entrant: [video.author_name, video.author_name_en], statement, sort: index });
    });
    const previousEdition = { title: contest.previousTitle, fromDay: contest.previousFromDay, toDay: contest.previousToDay };
    const previous = addContest(seeding, previousEdition, videos.slice(12, 18), contest.readers[1]);
    contest.awards.forEach(([award, award_en], index) => {
      if (index < previous.entryIds.length) queries.insertWinner(db, previous.id, { entry_id: previous.entryIds[index], rank: index + 1, award, award_en });
    });
    addContest(seeding, contest, videos.slice(6, 12), contest.readers[0]);
  })();
}
