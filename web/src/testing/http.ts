import { vi } from "vitest";
import type { PublicUser } from "../../../contracts/auth.ts";
import { TEST_USER } from "./builders.ts";

/** Test-only: the fetch stand-ins of the web tests (jsdom), one core for every mock. */

/** A JSON answer: status 200 unless told (a status, or a whole ResponseInit). */
export function json(body: unknown, init: number | ResponseInit = {}): Response {
  const options = typeof init === "number" ? { status: init } : init;
  return new Response(JSON.stringify(body), {
    status: 200,
    ...options,
    headers: { "Content-Type": "application/json", ...(options.headers as Record<string, string> | undefined) },
  });
}

/** A request as the page sent it: the method upper-cased, the address made absolute. */
export interface SentRequest {
  method: string;
  url: URL;
  init: RequestInit;
}

/** Replaces global fetch with `answer`; the mock keeps the page's own arguments for a test to read. */
export function stubFetch(answer: (request: SentRequest) => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    return answer({ method: (init?.method ?? "GET").toUpperCase(), url: new URL(raw, "http://localhost"), init: init ?? {} });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const unmocked = () => json({ message: "unmocked" }, 500);

export interface FetchCall {
  method: string;
  url: URL;
  /** The request's body when it is text (JSON). */
  body?: string;
}

/**
 * Replaces global fetch. `user` answers GET /api/user (null: 401, signed out); `handler` answers the
 * rest, and anything it leaves unanswered is a 500 so a missing mock shows up in the test.
 */
export function mockFetch({ user, handler }: { user: PublicUser | null; handler?: (call: FetchCall) => Response | Promise<Response> | undefined }) {
  const calls: FetchCall[] = [];
  const fetchMock = stubFetch(async ({ method, url, init }) => {
    const call: FetchCall = { method, url };
    if (typeof init.body === "string") call.body = init.body;
    calls.push(call);
    if (call.method === "GET" && call.url.pathname === "/api/user") {
      return user ? json(user) : json({ message: "You need to sign in first" }, { status: 401 });
    }
    return (await handler?.(call)) ?? unmocked();
  });
  return { calls, fetchMock };
}

export interface ApiCall {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  /** JSON bodies parsed; FormData as is; undefined without a body. */
  body: unknown;
  keepalive: boolean;
}

/** The request as a handler of mockApi reads it. */
export function apiCall({ method, url, init }: SentRequest): ApiCall {
  const rawBody = init.body;
  return {
    method,
    path: url.pathname,
    search: url.searchParams,
    headers: new Headers(init.headers),
    body: typeof rawBody === "string" ? (JSON.parse(rawBody) as unknown) : (rawBody ?? undefined),
    keepalive: init.keepalive === true,
  };
}

/**
 * Replaces fetch: GET /api/user answers a signed-in camper (TEST_USER); `handler` answers the rest,
 * and anything it leaves unanswered is a 500 so a missing mock shows up in the test.
 */
export function mockApi(handler: (call: ApiCall) => Response | Promise<Response> | undefined = () => undefined) {
  const calls: ApiCall[] = [];
  const fetchMock = stubFetch(async (request) => {
    const call = apiCall(request);
    if (call.method === "GET" && call.path === "/api/user") return json(TEST_USER);
    calls.push(call);
    return (await handler(call)) ?? unmocked();
  });
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}
