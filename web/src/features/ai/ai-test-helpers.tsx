import type { PublicUser } from "../../../../contracts/auth.ts";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { vi } from "vitest";
import { Toaster } from "../../components/ui/toaster.tsx";
import { createQueryClient } from "../../lib/api.ts";
import { AuthProvider } from "../auth/auth-context.tsx";

/** Test-only helpers for the AI feature: SSE responses, a routed fetch mock, and a render wrapper. */

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

export function sseFrame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A text/event-stream response whose body arrives in exactly these chunks (strings or raw bytes). */
export function sseResponse(chunks: (string | Uint8Array)[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { "Content-Type": "text/event-stream" } });
}

/** A stream the test feeds by hand, to look at the page while the answer is still arriving. */
export function manualSse() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { "Content-Type": "text/event-stream" } }),
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
  };
}

export interface Call {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

type Handler = (call: Call) => Response | Promise<Response> | undefined;

export const TEST_USER: PublicUser = { id: 7, username: "camper_jo", subscriptionTier: "free", recordingsCount: 0, role: "camper" };

/** Replaces fetch: GET /api/user answers a signed-in camper; `handler` answers the rest (unanswered: 500). */
export function mockFetch(handler: Handler = () => undefined) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, "http://localhost");
    const call: Call = {
      method: (init?.method ?? "GET").toUpperCase(),
      path: url.pathname,
      headers: new Headers(init?.headers),
      body: typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined,
    };
    if (call.method === "GET" && call.path === "/api/user") return json(TEST_USER);
    calls.push(call);
    return (await handler(call)) ?? json({ message: "unmocked" }, 500);
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, fetchMock, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}

export function renderWithProviders(ui: ReactNode, { auth = false }: { auth?: boolean } = {}) {
  const queryClient = createQueryClient();
  const content = (
    <>
      {ui}
      <Toaster />
    </>
  );
  return render(
    <QueryClientProvider client={queryClient}>{auth ? <AuthProvider>{content}</AuthProvider> : content}</QueryClientProvider>,
  );
}
