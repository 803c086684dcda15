import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, Link as RouterLink, type LinkProps } from "react-router";
import { describe, expect, it } from "vitest";
import { Link } from "~/routing/link";

/** Renders one link inside a data router at /home, as the server renders a page's links. */
async function render(element: React.ReactElement): Promise<string> {
  const handler = createStaticHandler([{ path: "*", element }]);
  const context = await handler.query(new Request("http://localhost/home"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

const cases: LinkProps[] = [
  { to: "/home" },
  { to: "/videoDetail?id=343", className: "card", prefetch: "intent" },
  { to: "/searchPage?searchType=0", "aria-label": "Search", replace: true, state: { from: "home" } },
  { to: "/about#team", discover: "none" },
  { to: "/me", "aria-hidden": true, tabIndex: -1, preventScrollReset: true },
  // Not plain paths: left to React Router, which resolves them.
  { to: "?tab=2" },
  { to: "/a//b" },
  { to: "/a/../b" },
  { to: { pathname: "/home", search: "?x=1" } },
  { to: "https://example.org/x" },
];

describe("the app's Link on the server", () => {
  it.each(cases)("writes the anchor React Router's Link writes: %o", async (props) => {
    const ours = await render(<Link {...props}>text</Link>);
    const theirs = await render(<RouterLink {...props}>text</RouterLink>);
    expect(ours).toBe(theirs);
    expect(ours).toContain("<a ");
  });

  it("renders a plain path without React Router's hooks: it needs no router around it", () => {
    expect(
      renderToString(
        <Link to="/videoDetail?id=343" prefetch="intent">
          text
        </Link>,
      ),
    ).toBe('<a href="/videoDetail?id=343" data-discover="true">text</a>');
    expect(() => renderToString(<RouterLink to="/videoDetail?id=343">text</RouterLink>)).toThrow();
  });
});
