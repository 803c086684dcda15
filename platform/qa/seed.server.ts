import type { Db } from "../kernel/db.server.ts";
import { ANONYMOUS, indexQuestion } from "./rules.server.ts";
import { cleanRichText, plainText } from "../rich-text/index.server.ts";
import { seedData } from "../kernel/seed-data.server.ts";
import * as queries from "./queries.server.ts";

/** Seeded Q&A (ADR 025): tags, the people who ask and answer, twelve questions with their answers, votes and followers. */

type Pair = readonly [zh: string, en: string];

const TAGS = seedData<[code: string, zh: string, en: string][]>("qa-tags.json");

/** People of the seed: accounts without a password or phone, so nobody can sign in as them. */
const PEOPLE = seedData<string[]>("qa-people.json");

interface AnswerSeed {
  by: number;
  anonymous?: boolean;
  text: Pair;
  praise: number;
  trample?: number;
}

interface QuestionSeed {
  by: number;
  anonymous?: boolean;
  tags: string[];
  title: Pair;
  body: Pair;
  daysAgo: number;
  views: number;
  concerns: number;
  answers: AnswerSeed[];
}

const QUESTIONS = seedData<QuestionSeed[]>("qa-questions.json");

/** Plain paragraphs as the editor would send them, made safe and rendered as stored answers are. */
const html = (text: string) => cleanRichText(`<p>${text.replace(/[&<>]/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[char]!)}</p>`);

/** Fills the Q&A once; a database that has questions keeps its own. */
export function seedQa(db: Db, now: Date): void {
  if (queries.anyQaTag(db)) return;
  const at = (days: number, hours = 0) => new Date(now.getTime() - days * 86_400_000 + hours * 3_600_000).toISOString();
  db.transaction(() => {
    TAGS.forEach(([code, zh, en], index) => queries.insertQaTag(db, code, zh, en, index));
    const people = PEOPLE.map((name, index) => queries.insertSeedPerson(db, `qa-seed-${index + 1}`, name, at(400)));
    for (const question of QUESTIONS) {
      const [body, bodyEn] = question.body.map(html);
      const author = people[question.by];
      const id = queries.insertSeedQuestion(db, {
        user_id: author,
        title: question.title[0],
        title_en: question.title[1],
        body,
        body_en: bodyEn,
        body_text: plainText(body),
        body_text_en: plainText(bodyEn),
        anonymous: question.anonymous ? 1 : 0,
        view_count: question.views,
        created_at: at(question.daysAgo),
      });
      for (const tag of question.tags) queries.insertQuestionTag(db, id, tag);
      indexQuestion(db, id, {
        title: question.title[0],
        titleEn: question.title[1],
        text: question.body[0],
        textEn: question.body[1],
        author: question.anonymous ? ANONYMOUS : [PEOPLE[question.by], PEOPLE[question.by]],
        createdAt: at(question.daysAgo),
      });
      // Followers and voters are the seed's other people, in turn; nobody votes on their own answer.
      const others = (self: number) => people.filter((person) => person !== self);
      others(author)
        .slice(0, question.concerns)
        .forEach((person, index) => queries.insertSeedConcern(db, id, person, at(question.daysAgo, index + 1)));
      question.answers.forEach((answer, index) => {
        const answerer = people[answer.by];
        const content: [string, string] = [html(answer.text[0]), html(answer.text[1])];
        const answerId = queries.insertSeedAnswer(db, id, answerer, content, answer.anonymous ? 1 : 0, at(question.daysAgo, 2 + index * 5));
        const voters = others(answerer);
        voters.slice(0, answer.praise).forEach((person) => queries.insertSeedVote(db, answerId, person, 1, at(question.daysAgo, 8 + index * 5)));
        voters
          .slice(answer.praise, answer.praise + (answer.trample ?? 0))
          .forEach((person) => queries.insertSeedVote(db, answerId, person, -1, at(question.daysAgo, 9 + index * 5)));
      });
    }
  })();
}
