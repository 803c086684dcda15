import type { SessionUser } from "@contracts/gate";
import { SUCCESS_CODES } from "@contracts/envelope";
import { callApi } from "~/api/calls";
import { sessionCalls } from "~/api/call-table";
import { readCached, STORAGE_KEYS } from "~/browser/storage";
import { isStandIn, viewerClassOf } from "~/pipeline/viewer-class";
import { $user, storeSession } from "~/stores/session";

/** Whether the platform is being asked already: pages arriving meanwhile wait for the same answer. */
let asking = false;

/**
 * A page rendered for the viewer's class (ADR 083) names a stand-in, not the person: the person this browser knows is
 * kept when they are of that class; otherwise the stand-in meets the page's gates until the platform has said who
 * the cookie belongs to (their name, picture and code are never in a shared render).
 */
export function adoptClassRender(standIn: SessionUser): void {
  const known = $user.get() ?? readCached<SessionUser>(STORAGE_KEYS.user);
  if (known && !isStandIn(known) && viewerClassOf(known) === viewerClassOf(standIn)) {
    if ($user.get() !== known) $user.set(known);
    return;
  }
  if (!isStandIn($user.get())) $user.set(standIn);
  if (asking) return;
  asking = true;
  void askWhoIsSignedIn().finally(() => {
    asking = false;
  });
}

async function askWhoIsSignedIn(): Promise<void> {
  const answer = await callApi(sessionCalls.userInfo);
  // A session the platform ended answers otherwise (the API client handles that answer); the stand-in stays till then.
  if (SUCCESS_CODES.has(answer.code) && answer.data) storeSession(answer.data as SessionUser);
}
