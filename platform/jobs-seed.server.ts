import type { Db } from "./kernel/db.server.ts";
import { seedData } from "./seed-data.server.ts";

/** Seeded employers and openings (ADR 025): universities, central banks, funds and institutes hiring economists. */

type Pair = readonly [zh: string, en: string];

interface CompanySeed {
  key: string;
  name: Pair;
  kind: "university" | "centralBank" | "fund" | "institute" | "company";
  city: string;
  intro: Pair;
  website: string;
}

interface PostSeed {
  company: string;
  title: Pair;
  type: "faculty" | "postdoc" | "industry" | "ra";
  field: string;
  city?: string;
  description: Pair;
  requirements: Pair;
  apply: Pair;
  salary?: Pair;
  /** Days since it was posted, and days left to apply (negative: closed). */
  postedDaysAgo: number;
  daysLeft: number;
}

const COMPANIES = seedData<CompanySeed[]>("job-companies.json");

const POSTS = seedData<PostSeed[]>("job-posts.json");

/** Fills the employers and openings once; a database that has them keeps its own. */
export function seedJobs(db: Db, now: Date): void {
  if (db.prepare("SELECT 1 FROM job_companies LIMIT 1").get()) return;
  const day = 86_400_000;
  const addCompany = db.prepare("INSERT INTO job_companies (name, name_en, kind, city, intro, intro_en, website) VALUES (?, ?, ?, ?, ?, ?, ?)");
  const addPost = db.prepare(`INSERT INTO job_posts (company_id, title, title_en, job_type, field, city, description, description_en,
    requirements, requirements_en, apply, apply_en, salary, salary_en, deadline, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  db.transaction(() => {
    const companies = new Map<string, { id: number; city: string }>();
    for (const company of COMPANIES) {
      const id = Number(
        addCompany.run(company.name[0], company.name[1], company.kind, company.city, company.intro[0], company.intro[1], company.website).lastInsertRowid,
      );
      companies.set(company.key, { id, city: company.city });
    }
    for (const post of POSTS) {
      const company = companies.get(post.company)!;
      const salary = post.salary ?? ["面议", "Negotiable"];
      addPost.run(
        company.id,
        post.title[0],
        post.title[1],
        post.type,
        post.field,
        post.city ?? company.city,
        post.description[0],
        post.description[1],
        post.requirements[0],
        post.requirements[1],
        post.apply[0],
        post.apply[1],
        salary[0],
        salary[1],
        new Date(now.getTime() + post.daysLeft * day).toISOString().slice(0, 10),
        new Date(now.getTime() - post.postedDaysAgo * day).toISOString(),
      );
    }
  })();
}
