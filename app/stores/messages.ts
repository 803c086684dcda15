/**
 * The signed-in person's message centre as the shell knows it (ADR 063): the unread count for the header's badge and
 * new messages as they arrive, over one /ws/im socket per tab, open while someone is signed in.
 */
import { atom } from "nanostores";
import { imSocketUrl, type ImMessage, type ImServerEvent } from "@contracts/messages";
import { createJsonSocketConnection, type JsonSocketConnection } from "~/realtime/chat-connection";
import { browserClock } from "~/realtime/socket";

export const $unread = atom(0);
/** The newest message the socket brought (a widget showing a channel adds it when it belongs there). */
export const $arrived = atom<ImMessage | null>(null);

let connection: JsonSocketConnection<never> | null = null;

/** Opens the socket for the signed-in person (once per tab); closed again on logout. */
export function followMessages(signedIn: boolean): void {
  if (!signedIn) {
    connection?.stop();
    connection = null;
    $unread.set(0);
    return;
  }
  if (connection || typeof WebSocket === "undefined") return;
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
}
