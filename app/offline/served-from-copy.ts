/**
 * Asks the service worker whether this page was shown from its kept copy (the network failed or hung), for the offline
 * mark (ADR 046). Its own module, so the mark's chunk shares nothing with the shell's.
 */
import { OFFLINE_MESSAGES } from "./cache-rules";

/** False when no worker controls the page. */
export function askServedFromCopy(): Promise<boolean> {
  const worker = "serviceWorker" in navigator ? navigator.serviceWorker.controller : null;
  if (!worker) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.data?.type !== OFFLINE_MESSAGES.servedFromCopy) return;
      navigator.serviceWorker.removeEventListener("message", onMessage);
      resolve(event.data.value === true);
    };
    navigator.serviceWorker.addEventListener("message", onMessage);
    navigator.serviceWorker.startMessages();
    worker.postMessage({ type: OFFLINE_MESSAGES.askServedFromCopy });
  });
}
