/**
 * Registers the service worker (ADR 046) once the page is hydrated and the browser is idle, so the first load fetches
 * nothing more than before. A page loaded before the worker controlled it hands the worker what it already fetched
 * (Workbox's CACHE_URLS message): the page and its files are then readable offline from the first visit on.
 */
import { SERVICE_WORKER_URL } from "./cache-rules";

const IDLE_TIMEOUT_MS = 4000;

/** Safari has no requestIdleCallback: there the next task after hydration will do. */
function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(run, 1);
}

/** The worker controlling this page, once there is one (clientsClaim makes a newly activated worker take it over). */
function controller(): Promise<ServiceWorker> {
  const current = navigator.serviceWorker.controller;
  if (current) return Promise.resolve(current);
  return new Promise((resolve) => {
    navigator.serviceWorker.addEventListener("controllerchange", () => navigator.serviceWorker.controller && resolve(navigator.serviceWorker.controller), {
      once: true,
    });
  });
}

/** This page's address and every same-origin file it loaded so far; the worker keeps those its routes keep. */
function loadedUrls(): string[] {
  const resources = performance.getEntriesByType("resource").map((entry) => entry.name);
  return [window.location.href, ...resources].filter((url) => url.startsWith(`${window.location.origin}/`));
}

let started = false;

/** Production builds only: development serves modules the worker would keep stale. Safe to call more than once. */
export function registerOfflineWorker(): void {
  if (started || !import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  started = true;
  const controlledAtLoad = Boolean(navigator.serviceWorker.controller);
  whenIdle(() => {
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL)
      .then(() => (controlledAtLoad ? null : controller()))
      .then((worker) => worker?.postMessage({ type: "CACHE_URLS", payload: { urlsToCache: loadedUrls() } }))
      .catch(() => undefined);
  });
}
