import type { RequestHandler } from "express";

/** What a node needs besides itself to serve pages: the platform's API and the console's store of page configs (ADR 043). */
export interface ReadinessChecks {
  /** Whether the platform answers an API call now (a short call through the breaker: false at once while it is open). */
  platform(): Promise<boolean>;
  /** Whether the last read of the live page configs reached the console's store. */
  consoleStore(): boolean;
}

/**
 * GET /readyz for a load balancer: 200 when the platform and the console store are reachable, else 503 naming which is
 * not. /healthz says only that the process is alive and serving; a node whose platform is down stays alive (its pages
 * still answer with what they can), and the balancer decides from /readyz whether to send it traffic. One check at a
 * time: answers within `reuseMs` of the last check share its result, so probes cannot multiply calls to the platform.
 */
export function readinessCheck(checks: ReadinessChecks, options: { reuseMs?: number } = {}): RequestHandler {
  const reuseMs = options.reuseMs ?? 1_000;
  let last: { at: number; result: Promise<{ platform: boolean; consoleStore: boolean }> } | null = null;
  const check = () => {
    if (last && performance.now() - last.at < reuseMs) return last.result;
    const result = checks.platform().then(
      (platform) => ({ platform, consoleStore: checks.consoleStore() }),
      () => ({ platform: false, consoleStore: checks.consoleStore() }),
    );
    last = { at: performance.now(), result };
    return result;
  };
  return async (_request, response) => {
    const { platform, consoleStore } = await check();
    const ready = platform && consoleStore;
    response.setHeader("Cache-Control", "no-store");
    response.status(ready ? 200 : 503).json({
      status: ready ? "ready" : "not ready",
      platform: platform ? "reachable" : "unreachable",
      consoleStore: consoleStore ? "reachable" : "unreachable",
    });
  };
}
