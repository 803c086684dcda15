/**
 * The small router the developer tools' pages run on: fetch-style, so the embedded platform serves them through the
 * same kind of handler as its API (a host mounts it at /dev), with the few answer helpers the pages need.
 */

export interface DevRequest {
  /** The form's fields (application/x-www-form-urlencoded); empty for a GET. */
  body: Record<string, string>;
  query: Record<string, string>;
  params: Record<string, string>;
}

/** An answer being built: a status, headers and a body, finished by json, send, redirect or end. */
export class DevResponse {
  private statusCode = 200;
  private readonly headers = new Headers();
  answer: Response | null = null;

  status(code: number): this {
    this.statusCode = code;
    return this;
  }

  setHeader(name: string, value: string): void {
    this.headers.set(name, value);
  }

  json(value: unknown): void {
    this.headers.set("Content-Type", "application/json; charset=utf-8");
    this.end(JSON.stringify(value));
  }

  send(html: string): void {
    this.headers.set("Content-Type", "text/html; charset=utf-8");
    this.end(html);
  }

  redirect(status: number, location: string): void {
    this.statusCode = status;
    this.headers.set("Location", location);
    this.end();
  }

  end(body?: string): void {
    this.answer = new Response(body ?? null, { status: this.statusCode, headers: this.headers });
  }
}

export type DevHandler = (request: DevRequest, response: DevResponse) => void | Promise<void>;

interface DevRoute {
  method: "GET" | "POST";
  pattern: RegExp;
  names: string[];
  handler: DevHandler;
}

/** Header of the answer to a path no tool serves, so the host passes the request on (to its own 404 page). */
export const NO_DEV_TOOL_HEADER = "x-no-dev-tool";

/** Routes by method and path; `:name` segments become params. */
export class DevRouter {
  private readonly routes: DevRoute[] = [];

  get(path: string, handler: DevHandler): void {
    this.add("GET", path, handler);
  }

  post(path: string, handler: DevHandler): void {
    this.add("POST", path, handler);
  }

  private add(method: DevRoute["method"], path: string, handler: DevHandler): void {
    const names = [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]);
    const pattern = new RegExp(`^${path.replace(/[.]/g, "\\.").replace(/:[A-Za-z]+/g, "([^/]+)")}$`);
    this.routes.push({ method, pattern, names, handler });
  }

  /** Answers one request, or a 404 marked NO_DEV_TOOL_HEADER when no tool serves its method and path. */
  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    for (const route of this.routes) {
      const match = request.method === route.method ? route.pattern.exec(url.pathname) : null;
      if (!match) continue;
      const params = Object.fromEntries(route.names.map((name, index) => [name, decodeURIComponent(match[index + 1])]));
      const body = request.method === "POST" ? Object.fromEntries(new URLSearchParams(await request.text())) : {};
      const response = new DevResponse();
      await route.handler({ body, query: Object.fromEntries(url.searchParams), params }, response);
      return response.answer ?? new Response(null, { status: 500 });
    }
    return new Response("not found", { status: 404, headers: { [NO_DEV_TOOL_HEADER]: "1" } });
  }
}
