/**
 * The signed-in person's message centre as the shell knows it (ADR 063): the unread count for the header's badge and
 * new messages as they arrive, over one /ws/im socket per tab, open while someone is signed in. The socket's code is
 * fetched once someone is signed in: a visitor's first load does not carry it (ADR 097).
 */
import { atom } from "nanostores";
import { imSocketUrl, type ImMessage, type ImServerEvent } from "@contracts/messages";
import type { JsonSocketConnection } from "~/realtime/chat-connection";

export const $unread = atom(0);
/** The newest message the socket brought (a widget showing a channel adds it when it belongs there). */
export const $arrived = atom<ImMessage | null>(null);

let connection: JsonSocketConnection<never> | null = null;
/** Whether someone is signed in, as last told: a socket whose code arrives after a logout is not opened. */
let signedInNow = false;
let opening = false;

/** Opens the socket for the signed-in person (once per tab); closed again on logout. */
export function followMessages(signedIn: boolean): void {
  signedInNow = signedIn;
  if (!signedIn) {
    connection?.stop();
    connection = null;
    $unread.set(0);
    return;
  }
  if (connection || opening || typeof WebSocket === "undefined") return;
  opening = true;
  void Promise.all([import("~/realtime/chat-connection"), import("~/realtime/socket")])
    .then(([{ createJsonSocketConnection }, { browserClock }]) => {
      if (!signedInNow || connection) return;
      connection = createJsonSocketConnection<ImServerEvent, never>({
        url: () => imSocketUrl(window.location),
        createSocket: (url) => new WebSocket(url),
        clock: browserClock,
        onStatus: () => {},
        onEvent: (event) => {
          if (event.type === "unread") $unread.set(event.count);
          else $arrived.set(event.message);
        },
      });
      connection.start();
    })
    // Unreachable code (offline, a new deploy): the badge stays as it was; the next sign-in state change tries again.
    .catch(() => undefined)
    .finally(() => {
      opening = false;
    });
}
