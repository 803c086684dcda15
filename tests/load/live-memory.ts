/**
 * Our server's live memory, read through its inspector (opened only by the load run): a full collection first, so what
 * is counted is what the process holds on to — the measure of "nothing piles up" — and not garbage V8 has not yet had a
 * reason to collect, which RSS also counts and which grows with the allocation rate for the first minutes of any load.
 */
import WebSocket from "ws";

export interface LiveMemory {
  /** V8 heap in use after a full collection, plus memory outside it held by JavaScript objects (buffers), in MB. */
  liveMb: number;
  rssMb: number;
}

async function inspectorUrl(port: number): Promise<string> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  return targets[0].webSocketDebuggerUrl;
}

export async function liveMemory(inspectPort: number): Promise<LiveMemory> {
  const socket = new WebSocket(await inspectorUrl(inspectPort));
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  let next = 0;
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<{ result?: { result?: { value?: string } } }>((resolve) => {
      const id = ++next;
      const answer = (data: WebSocket.RawData) => {
        const message = JSON.parse(data.toString()) as { id?: number };
        if (message.id !== id) return;
        socket.off("message", answer);
        resolve(message as never);
      };
      socket.on("message", answer);
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await call("HeapProfiler.collectGarbage");
    const answer = await call("Runtime.evaluate", { expression: "JSON.stringify(process.memoryUsage())", returnByValue: true });
    const usage = JSON.parse(answer.result?.result?.value ?? "{}") as NodeJS.MemoryUsage;
    return { liveMb: (usage.heapUsed + usage.external) / 1e6, rssMb: usage.rss / 1e6 };
  } finally {
    socket.close();
  }
}
