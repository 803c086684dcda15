/** A fake clock and a fake socket for the socket clients' state machines. */
import type { ClientSocket, SocketClock } from "~/realtime/socket";

/** A clock whose time moves only when the test says so; timers fire in time order. */
export class FakeClock implements SocketClock {
  time = 1_700_000_000_000;
  private timers = new Map<number, { at: number; callback: () => void }>();
  private next = 1;

  now() {
    return this.time;
  }
  setTimeout(callback: () => void, ms: number) {
    const id = this.next++;
    this.timers.set(id, { at: this.time + ms, callback });
    return id;
  }
  clearTimeout(handle: unknown) {
    this.timers.delete(handle as number);
  }
  pending() {
    return this.timers.size;
  }
  advance(ms: number) {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, timer]) => timer.at <= end).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = due[1].at;
      due[1].callback();
    }
    this.time = end;
  }
}

export class FakeSocket implements ClientSocket {
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  sent: string[] = [];
  closedWith: number | undefined | null = null;
  readyState = 0;
  constructor(readonly url: string) {}
  send(data: string) {
    if (this.closedWith !== null) throw new Error("send on a closed socket");
    this.sent.push(data);
  }
  close(code?: number) {
    if (this.readyState === 0) throw new Error("closing a socket that is still connecting makes the browser log an error");
    this.closedWith = code;
    this.readyState = 3;
  }
  get isOpen() {
    return this.closedWith === null;
  }
  // What the network does to the socket:
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(data: string) {
    this.onmessage?.({ data });
  }
  fail() {
    this.onerror?.({});
  }
  /** A connection that never opens. */
  refuse() {
    this.closedWith = 1006;
    this.readyState = 3;
    this.onerror?.({});
    this.onclose?.({ code: 1006 });
  }
  closeFromServer(code = 1006) {
    this.closedWith = code;
    this.readyState = 3;
    this.onclose?.({ code });
  }
}
