import { evaluateGate, mustBindPhone, type Gate, type SessionUser } from "@contracts/gate";
import type { DataSource } from "@schemas/generated/page-config";

/**
 * Signed-in views share renders by class (ADR 083): a page's HTML is a function of its URL, language, app type and the
 * viewer's gate outcomes, and of nothing else about the person. These are the gates that tell signed-in viewers apart;
 * "login" is met by all of them and "visitor" by everyone.
 */
const CLASS_GATES: readonly Gate[] = ["phoneBound", "scholar", "vip"];

/** The viewer's class: "visitor", or the outcome of each class gate (e.g. "user:ok,needVerify,needVip"). */
export function viewerClassOf(user: SessionUser | null): string {
  if (!user) return "visitor";
  return `user:${CLASS_GATES.map((gate) => evaluateGate(gate, user)).join(",")}`;
}

/** Marks a stand-in's scholar status: the gate only asks whether there is a code, and the person's own code is theirs. */
const STAND_IN_AUTHOR_CODE = "class";

/**
 * Who a shared render is made for: a user with no name, number, picture or code of the person's, who meets and fails
 * every gate exactly as they do. The browser puts the person in its place once it has asked who they are.
 */
export function standInFor(user: SessionUser): SessionUser {
  const mustBind = mustBindPhone(user);
  return {
    id: 0,
    userName: mustBind ? "wx:" : "",
    isBindPhone: !mustBind,
    authorCode: user.authorCode ? STAND_IN_AUTHOR_CODE : null,
    isVip: Boolean(user.isVip),
  };
}

/** Whether a user is a class stand-in rather than a person. */
export function isStandIn(user: SessionUser | null): boolean {
  return user?.id === 0;
}

/**
 * The platform calls whose answers depend on who asks (whether they praised, collected or follow, what they may see,
 * their sign-up and seat, their votes). A shared render carries the answer a visitor gets and the browser reads it
 * again with the person's cookie, so the page's text is in the first HTML and the person's marks follow. Listed from
 * the platform's handlers that read the viewer; `tests/unit/shared-renders.test.tsx` asks every server-side source of
 * every page config anonymously and as two people (one who praised, collected and followed) and fails when one whose
 * answer changes with the asker is missing here.
 */
export const PER_VIEWER_APIS: ReadonlySet<string> = new Set([
  "/essay/detail",
  "/essay/hot",
  "/essay/list",
  "/booksDetail",
  "/course/detail",
  // A lesson's video and text are a buyer's; a render shared by a class carries the locked lesson.
  "/courseDetail/lesson",
  "/goods/detail",
  "/plan/detail",
  "/mpPaper/detail",
  "/video/getVideoDetail",
  "/video/getVideoSpecialDetail",
  "/circle/detail",
  "/circle/list",
  "/qa/detail",
  "/qa/answerDetail",
  "/qa/list",
  "/follow/userStatus",
  "/author/operationAuthorList",
  "/recommend/authorList",
  // Without an authorCode, the mutual follows are the viewer's own.
  "/author/meFollowAndFollowMe",
  "/seat/list",
  "/signData/isCanAdd",
  "/voteVideo/contest",
]);

/** Whether a source's answer depends on the person asking, so a shared render carries a visitor's answer of it. */
export function answersPerViewer(source: DataSource): boolean {
  return PER_VIEWER_APIS.has(source.api);
}

/**
 * Per-viewer calls whose answer differs per person only in the person's marks (whether they praised or collected it),
 * never in whether the item is there or what of it may be shown: a page with one as its subject is shared by class
 * like any other (ADR 099), carrying the visitor's answer, and the browser reads the person's marks. Decided from the
 * platform's handlers (`platform/content/routes.server.ts` `detail`): a paper, report, video or video series is one public item
 * for everyone, with `praised` and `collected` added for whoever asks, and reading it counts nothing. Not here, so
 * rendered for the person (ADR 086): a post hidden from whoever blocked its author (`/circle/detail`), an essay, which
 * only some may read and whose every read counts a view (a shared render and the browser's read would count two), a
 * question and its answers, a buyer's lesson, a profile; a course, goods and an audio book answer only marks and the
 * buyer's locks, but their pages keep no render (no cache time), so sharing would only add the browser's second read.
 */
const SUBJECTS_MARKED_PER_VIEWER: ReadonlySet<string> = new Set(["/mpPaper/detail", "/video/getVideoDetail", "/video/getVideoSpecialDetail"]);

/**
 * Whether the page's subject (its source with notFoundWhenMissing) answers per person in what it shows: a profile with
 * the viewer's follow, a post hidden from whoever blocked its author. Such a page's state and status are the person's,
 * so it is rendered for them and never shared by class (ADR 086); a subject that differs only in the person's marks is
 * shared (ADR 099).
 */
export function subjectAnswersPerViewer(config: { data?: Record<string, DataSource> }): boolean {
  return Object.values(config.data ?? {}).some(
    (source) => source.notFoundWhenMissing === true && answersPerViewer(source) && !SUBJECTS_MARKED_PER_VIEWER.has(source.api),
  );
}
