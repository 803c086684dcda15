import type { Db } from "../kernel/db.server.ts";
import { seedData } from "../kernel/seed-data.server.ts";
import * as queries from "./queries.server.ts";
import type { COMPANY_KINDS, JOB_TYPES } from "./rules.server.ts";

type Pair = readonly [zh: string, en: string];

interface CompanySeed {
  key: string;
  name: Pair;
  kind: keyof typeof COMPANY_KINDS;
  city: string;
  intro: Pair;
  website: string;
}

interface PostSeed {
  company: string;
  title: Pair;
  type: keyof typeof JOB_TYPES;
  field: string;
  /** The employer's city when absent. */
  city?: string;
  description: Pair;
  requirements: Pair;
  apply: Pair;
  salary?: Pair;
  /** Days since it was posted, and days left to apply (negative: closed). */
  postedDaysAgo: number;
  daysLeft: number;
}

const DAY_MS = 86_400_000;
const NEGOTIABLE: Pair = ["面议", "Negotiable"];

const bilingual = <K extends string>(field: K, [zh, en]: Pair) => ({ [field]: zh, [`${field}_en`]: en }) as Record<K | `${K}_en`, string>;

/**
 * Fills the employers and openings once from `../seed/job-companies.json` and `../seed/job-posts.json` (ADR 025); a
 * database that has them keeps its own. Deadlines and posting times count from `now`.
 */
export function seedJobs(db: Db, now: Date): void {
  if (queries.anyCompany(db)) return;
  const companySeeds = seedData<CompanySeed[]>("job-companies.json");
  const postSeeds = seedData<PostSeed[]>("job-posts.json");
  db.transaction(() => {
    const companies = new Map<string, { id: number; city: string }>();
    for (const { key, name, intro, kind, city, website } of companySeeds) {
      const id = queries.insertCompany(db, { ...bilingual("name", name), kind, city, ...bilingual("intro", intro), website });
      companies.set(key, { id, city });
    }
    for (const post of postSeeds) {
      const company = companies.get(post.company)!;
      queries.insertPost(db, {
        company_id: company.id,
        ...bilingual("title", post.title),
        job_type: post.type,
        field: post.field,
        city: post.city ?? company.city,
        ...bilingual("description", post.description),
        ...bilingual("requirements", post.requirements),
        ...bilingual("apply", post.apply),
        ...bilingual("salary", post.salary ?? NEGOTIABLE),
        deadline: new Date(now.getTime() + post.daysLeft * DAY_MS).toISOString().slice(0, 10),
        created_at: new Date(now.getTime() - post.postedDaysAgo * DAY_MS).toISOString(),
      });
    }
  })();
}
