import { mockApi, type ApiCall } from "./http.ts";

/** Test-only helpers for the AI feature: SSE responses and a routed fetch mock. */

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

/** mockApi, with the calls looked up by path alone. */
export function mockFetch(handler: (call: ApiCall) => Response | Promise<Response> | undefined = () => undefined) {
  const api = mockApi(handler);
  return { calls: api.calls, fetchMock: api.fetchMock, callsTo: (path: string) => api.calls.filter((c) => c.path === path) };
}
