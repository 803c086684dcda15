/**
 * A small closed-loop load generator on node:http: N keep-alive connections, each sending its next request as soon as
 * the last one is answered, for a fixed time. Latencies of every request, and failures by kind: a status of 400 or
 * more, a connection the server refused (it was not accepting), or one that broke after the request was sent.
 */
import { Agent, request as httpRequest } from "node:http";

export interface Target {
  label: string;
  method?: "GET" | "POST";
  path: () => string;
  headers?: () => Record<string, string>;
  body?: () => string;
}

export interface LoadResult {
  label: string;
  connections: number;
  seconds: number;
  requests: number;
  latencies: number[];
  failures: Record<string, number>;
}

export function once(base: URL, target: Target, agent: Agent): Promise<{ status: number; ms: number } | { error: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const body = target.body?.();
    const request = httpRequest(
      {
        host: base.hostname,
        port: base.port,
        path: target.path(),
        method: target.method ?? "GET",
        agent,
        headers: { ...(body ? { "content-type": "application/json", "content-length": Buffer.byteLength(body) } : {}), ...target.headers?.() },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
        response.on("error", (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message, ms: performance.now() - started }));
      },
    );
    request.on("error", (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message, ms: performance.now() - started }));
    request.end(body);
  });
}

export async function hammer(base: URL, target: Target, connections: number, seconds: number, stop?: () => boolean): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const result: LoadResult = { label: target.label, connections, seconds, requests: 0, latencies: [], failures: {} };
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until && !stop?.()) {
        const outcome = await once(base, target, agent);
        result.requests++;
        result.latencies.push(outcome.ms);
        const failure = "error" in outcome ? outcome.error : outcome.status >= 400 ? `HTTP ${outcome.status}` : null;
        if (failure) result.failures[failure] = (result.failures[failure] ?? 0) + 1;
      }
    }),
  );
  agent.destroy();
  return result;
}

export function percentile(values: number[], fraction: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

export function row(result: LoadResult): string {
  const failures = Object.values(result.failures).reduce((sum, count) => sum + count, 0);
  return [
    result.label.padEnd(28),
    String(result.connections).padStart(5),
    `${result.seconds}s`.padStart(5),
    String(result.requests).padStart(8),
    (result.requests / result.seconds).toFixed(0).padStart(8),
    `${percentile(result.latencies, 0.5).toFixed(1)}ms`.padStart(9),
    `${percentile(result.latencies, 0.99).toFixed(1)}ms`.padStart(9),
    String(failures).padStart(7),
  ].join(" ");
}

export const HEADER = ["target".padEnd(28), "conns", " time", "requests", "   req/s", "      p50", "      p99", " errors"].join(" ");
