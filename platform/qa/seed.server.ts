import type { Db } from "../kernel/db.server.ts";
import { ANONYMOUS, indexQuestion } from "./rules.server.ts";
import { cleanRichText, plainText } from "../rich-text/index.server.ts";
import { seedData } from "../kernel/seed-data.server.ts";

/** Seeded Q&A (ADR 025): tags, the people who ask and answer, twelve questions with their answers, votes and followers. */

type Pair = readonly [zh: string, en: string];

const TAGS = seedData<[code: string, zh: string, en: string][]>("qa-tags.json");

/** People of the seed: accounts without a password or phone, so nobody can sign in as them. */
const PEOPLE = ["陈思远", "林晓舟", "周以宁", "Daniel Ortiz", "王若溪", "赵一鸣", "刘书涵", "Priya Raman", "黄子墨", "孙嘉禾"];

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
  if (db.prepare("SELECT 1 FROM qa_tags LIMIT 1").get()) return;
  const at = (days: number, hours = 0) => new Date(now.getTime() - days * 86_400_000 + hours * 3_600_000).toISOString();
  const addTag = db.prepare("INSERT INTO qa_tags (code, name, name_en, sort) VALUES (?, ?, ?, ?)");
  const addPerson = db.prepare("INSERT INTO users (user_name, nickname, created_at) VALUES (?, ?, ?)");
  const addQuestion = db.prepare(`INSERT INTO qa_questions (user_id, title, title_en, body, body_en, body_text, body_text_en, anonymous, view_count, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const tagQuestion = db.prepare("INSERT INTO qa_question_tags (question_id, tag) VALUES (?, ?)");
  const addAnswer = db.prepare("INSERT INTO qa_answers (question_id, user_id, content, content_en, anonymous, created_at) VALUES (?, ?, ?, ?, ?, ?)");
  const addVote = db.prepare("INSERT INTO qa_answer_votes (answer_id, user_id, value, created_at) VALUES (?, ?, ?, ?)");
  const addConcern = db.prepare("INSERT INTO qa_concerns (question_id, user_id, created_at) VALUES (?, ?, ?)");
  db.transaction(() => {
    TAGS.forEach(([code, zh, en], index) => addTag.run(code, zh, en, index));
    const people = PEOPLE.map((name, index) => Number(addPerson.run(`qa-seed-${index + 1}`, name, at(400)).lastInsertRowid));
    for (const question of QUESTIONS) {
      const [body, bodyEn] = question.body.map(html);
      const author = people[question.by];
      const id = Number(
        addQuestion.run(
          author,
          question.title[0],
          question.title[1],
          body,
          bodyEn,
          plainText(body),
          plainText(bodyEn),
          question.anonymous ? 1 : 0,
          question.views,
          at(question.daysAgo),
        ).lastInsertRowid,
      );
      for (const tag of question.tags) tagQuestion.run(id, tag);
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
        .forEach((person, index) => addConcern.run(id, person, at(question.daysAgo, index + 1)));
      question.answers.forEach((answer, index) => {
        const answerer = people[answer.by];
        const answerId = Number(
          addAnswer.run(id, answerer, html(answer.text[0]), html(answer.text[1]), answer.anonymous ? 1 : 0, at(question.daysAgo, 2 + index * 5))
            .lastInsertRowid,
        );
        const voters = others(answerer);
        voters.slice(0, answer.praise).forEach((person) => addVote.run(answerId, person, 1, at(question.daysAgo, 8 + index * 5)));
        voters
          .slice(answer.praise, answer.praise + (answer.trample ?? 0))
          .forEach((person) => addVote.run(answerId, person, -1, at(question.daysAgo, 9 + index * 5)));
      });
    }
  })();
}
