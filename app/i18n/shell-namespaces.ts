import type { Namespace } from "@contracts/language";

/**
 * The shell's catalogue namespaces, apart from app/i18n/page-namespaces.ts (which walks widget trees) so that the shell
 * in the app core file can name them. tests/unit/page-namespaces.test.ts derives both lists from the source.
 */

/** The root, the shell's first paint and the page route itself: the root loader sends them with every page. */
export const SHELL_NAMESPACES: readonly Namespace[] = ["common", "faults"];

/**
 * The shell's deferred parts (app/shell/DeferredShellParts.tsx) mount after hydration, so their texts are fetched
 * (cached, hashed files) alongside their chunk, and by the root's client loader in the new language before a language
 * switch renders. Not in the root's data: `audio` (the dock's, 2.3 KB) went to every page unread (ADR 034).
 */
export const DEFERRED_SHELL_NAMESPACES: readonly Namespace[] = ["audio", "common", "offline"];
