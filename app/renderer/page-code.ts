import { createContext } from "react";
import { createContext as createRouterContext } from "react-router";

/**
 * The page's preload list (ServerPageView.preload) goes from the route's loader to the server's render only: the HTML
 * carries it as <link> tags, and a page the browser renders later loads its widgets' code and styles itself (ADR 032),
 * so the list is not sent with the page's data. The loader sets `pagePreload`; entry.server.tsx hands it to the
 * renderer through `PagePreloadContext`, empty in the browser.
 */
export const pagePreload = createRouterContext<readonly string[]>([]);
export const PagePreloadContext = createContext<readonly string[]>([]);
