import type { WebSocket } from "ws";
import type { LiveRoom } from "../live/room-routes.server.ts";
import type { QuestionResults, ScreenServerEvent } from "@contracts/screen.ts";

/** How often a node looks for pushes, sign-ins and shared results another node (or process) stored. */
const POLL_INTERVAL_MS = 300;

interface Room {
  viewers: Set<WebSocket>;
  /** The newest push this room's viewers have been sent. */
  sentUpTo: number;
  signIns: number;
  /** Each shared question's last sent answer count, so results go out again only when they changed. */
  resultTotals: Map<number, number>;
}

/**
 * The screen socket with the embedded platform (ADR 062): one room per live plan. Everything lives in the database
 * (pushes, sign-ins, answers), so every node polls its rooms and sends its own viewers what changed; a joining
 * viewer gets what it missed after the sequence number it names. Viewers only listen: anything they send is ignored.
 */
export function createScreenHub({ liveRoom }: { liveRoom: LiveRoom }) {
  const rooms = new Map<number, Room>();

  const send = (socket: WebSocket, event: ScreenServerEvent) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
  };
  const broadcast = (room: Room, event: ScreenServerEvent) => {
    for (const viewer of room.viewers) send(viewer, event);
  };

  const sendResults = (room: Room, results: QuestionResults[]) => {
    for (const result of results) {
      if (room.resultTotals.get(result.questionId) === result.total) continue;
      room.resultTotals.set(result.questionId, result.total);
      broadcast(room, { type: "results", results: result });
    }
  };

  /** Sends a room's viewers what was stored since its last look: new pushes in order, the sign-in count, results. */
  const refresh = (planId: number, room: Room) => {
    for (const push of liveRoom.pushesSince(planId, room.sentUpTo)) {
      if (push.seq <= room.sentUpTo) continue;
      room.sentUpTo = push.seq;
      broadcast(room, { type: "push", push });
    }
    const signIns = liveRoom.signIns(planId);
    if (signIns !== room.signIns) {
      room.signIns = signIns;
      broadcast(room, { type: "signIns", count: signIns });
    }
    sendResults(room, liveRoom.sharedResults(planId));
  };
  const refreshAll = () => {
    for (const [planId, room] of rooms) refresh(planId, room);
  };
  const timer = setInterval(refreshAll, POLL_INTERVAL_MS);
  timer.unref();

  return {
    /** A viewer of one plan's screen (the plan is known to exist), sent what it missed after `after`. */
    join(socket: WebSocket, planId: number, after: number): void {
      let room = rooms.get(planId);
      if (!room) {
        room = { viewers: new Set(), sentUpTo: liveRoom.latestSeq(planId), signIns: liveRoom.signIns(planId), resultTotals: new Map() };
        rooms.set(planId, room);
      } else refresh(planId, room);
      const joined = room;
      joined.viewers.add(socket);
      send(socket, { type: "welcome", planId, latestSeq: joined.sentUpTo, signIns: joined.signIns });
      for (const push of liveRoom.pushesSince(planId, after)) if (push.seq <= joined.sentUpTo) send(socket, { type: "push", push });
      for (const results of liveRoom.sharedResults(planId)) {
        joined.resultTotals.set(results.questionId, results.total);
        send(socket, { type: "results", results });
      }
      socket.on("close", () => {
        joined.viewers.delete(socket);
        if (joined.viewers.size === 0) rooms.delete(planId);
      });
    },

    /** Looks at a room at once (after this node stored a push), instead of at the next poll. */
    refresh(planId: number): void {
      const room = rooms.get(planId);
      if (room) refresh(planId, room);
    },

    close(): void {
      clearInterval(timer);
    },
  };
}

export type ScreenHub = ReturnType<typeof createScreenHub>;
