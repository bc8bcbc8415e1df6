import { afterEach, describe, expect, it, vi } from "vitest";
import { AI_MESSAGES } from "../../../contracts/ai.ts";
import { ApiError, ContractError } from "./client.ts";
import { aiErrorText } from "./ai-errors.ts";
import { json } from "../testing/http.ts";
import { mockFetch, sseFrame, sseResponse } from "../testing/ai.tsx";
import { AiStreamError, SseParser, STREAM_ENDED_EARLY, streamAi } from "./stream-ai.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Splits `text` into pieces of the given sizes (the rest is the last piece). */
function cut(text: string, sizes: number[]): string[] {
  const pieces: string[] = [];
  let at = 0;
  for (const size of sizes) {
    pieces.push(text.slice(at, at + size));
    at += size;
  }
  pieces.push(text.slice(at));
  return pieces.filter(Boolean);
}

describe("SseParser", () => {
  const stream =
    sseFrame("delta", { text: "Hello " }) +
    ": keep-alive comment\n\n" +
    "event: delta\r\ndata: {\"text\":\"camp\"}\r\n\r\n" +
    "event: done\ndata: {\"content\":\n" +
    "data: \"Hello camp\"}\n\n";

  const expected = [
    { event: "delta", data: '{"text":"Hello "}' },
    { event: "delta", data: '{"text":"camp"}' },
    { event: "done", data: '{"content":\n"Hello camp"}' },
  ];

  it("reads whole events, CRLF lines, comments and multi-line data", () => {
    const parser = new SseParser();
    expect([...parser.push(stream), ...parser.end()]).toEqual(expected);
  });

  it("gives the same events however the text is split, including mid-line and between \\r and \\n", () => {
    for (let size = 1; size <= 12; size++) {
      const parser = new SseParser();
      const events = [];
      for (let i = 0; i < stream.length; i += size) events.push(...parser.push(stream.slice(i, i + size)));
      events.push(...parser.end());
      expect(events, `chunk size ${size}`).toEqual(expected);
    }
  });

  it("dispatches a final event whose blank line never came, and ignores events without data", () => {
    const parser = new SseParser();
    expect(parser.push("event: ping\n\nevent: done\ndata: {}")).toEqual([]);
    expect(parser.end()).toEqual([{ event: "done", data: "{}" }]);
  });
});

describe("streamAi", () => {
  it("posts JSON asking for a stream, reports the text as it grows, and resolves with done's content", async () => {
    const frames =
      sseFrame("delta", { text: "We paddled " }) +
      sseFrame("delta", { text: "across the lake " }) +
      sseFrame("delta", { text: "at sunrise. 🌅" }) +
      sseFrame("done", { content: "We paddled across the lake at sunrise. 🌅" });
    // Cut mid-line, mid-field name and through the middle of the emoji's four UTF-8 bytes.
    const bytes = new TextEncoder().encode(frames);
    const emojiAt = bytes.indexOf(0xf0);
    const chunks = [bytes.slice(0, 7), bytes.slice(7, 40), bytes.slice(40, emojiAt + 2), bytes.slice(emojiAt + 2)];
    const { calls } = mockFetch(() => sseResponse(chunks));
    const deltas: string[] = [];

    const final = await streamAi("/api/ai/generate-reflection", { responses: ["Canoe trip"] }, { onDelta: (t) => deltas.push(t) });

    expect(final).toBe("We paddled across the lake at sunrise. 🌅");
    expect(deltas).toEqual(["We paddled ", "We paddled across the lake ", "We paddled across the lake at sunrise. 🌅"]);
    const [call] = calls;
    expect(call!.method).toBe("POST");
    expect(call!.headers.get("Accept")).toBe("text/event-stream");
    expect(call!.headers.get("Content-Type")).toBe("application/json");
    expect(call!.body).toEqual({ responses: ["Canoe trip"] });
    const init = vi.mocked(fetch).mock.calls[0]![1]!;
    expect(init.credentials).toBe("include");
  });

  it("handles events split across chunks at every position", async () => {
    const frames = sseFrame("delta", { text: "Hi " }) + sseFrame("delta", { text: "there" }) + sseFrame("done", { response: "Hi there" });
    for (let size = 1; size < 20; size += 3) {
      mockFetch(() => sseResponse(cut(frames, Array.from({ length: 200 }, () => size))));
      const deltas: string[] = [];
      await expect(streamAi("/api/ai/chat", {}, { onDelta: (t) => deltas.push(t) })).resolves.toBe("Hi there");
      expect(deltas).toEqual(["Hi ", "Hi there"]);
    }
  });

  it("rejects with the message of an error event", async () => {
    mockFetch(() =>
      sseResponse([
        sseFrame("delta", { text: "Half a" }),
        sseFrame("error", { message: "The AI provider is busy. Wait a minute and try again.", status: 502, errorCode: 429 }),
      ]),
    );
    const error = await streamAi("/api/ai/generate-reflection", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiStreamError);
    expect((error as AiStreamError).message).toBe("The AI provider is busy. Wait a minute and try again.");
    expect((error as AiStreamError).status).toBe(502);
    expect((error as AiStreamError).errorCode).toBe(429);
  });

  it("rejects a non-OK JSON response like ApiError: '{status}: {body}', with the server message available", async () => {
    mockFetch(() => json({ message: "Please describe the change you want" }, 400));
    const error = await streamAi("/api/ai/custom-request", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('400: {"message":"Please describe the change you want"}');
    expect(aiErrorText(error, "fallback")).toBe("Please describe the change you want");
  });

  it("accepts a plain JSON answer instead of a stream", async () => {
    mockFetch(() => json({ content: "A whole narration." }));
    const onDelta = vi.fn();
    await expect(streamAi("/api/ai/generate-reflection", {}, { onDelta })).resolves.toBe("A whole narration.");
    expect(onDelta).toHaveBeenCalledWith("A whole narration.");
  });

  it("rejects an event or a plain answer in a shape it does not know with a ContractError a camper can read", async () => {
    mockFetch(() => sseResponse([sseFrame("delta", { text: "Half " }), sseFrame("delta", { words: ["a", "story"] })]));
    const badDelta = await streamAi("/api/ai/chat", {}).catch((e: unknown) => e);
    expect(badDelta).toBeInstanceOf(ContractError);
    expect(aiErrorText(badDelta, AI_MESSAGES.chatFailed)).toBe(
      "The server's answer to /api/ai/chat could not be read (text: Invalid input: expected string, received undefined). Reload the page and try again.",
    );

    mockFetch(() => sseResponse(["event: done\ndata: not json\n\n"]));
    await expect(streamAi("/api/ai/chat", {})).rejects.toThrow("The server's answer to /api/ai/chat could not be read (not JSON).");

    mockFetch(() => json({ narration: "A whole narration." }));
    await expect(streamAi("/api/ai/generate-reflection", {})).rejects.toBeInstanceOf(ContractError);
  });

  it("still fails with the standard AI failure when an error event is in a shape it does not know", async () => {
    mockFetch(() => sseResponse([sseFrame("error", { reason: "busy" })]));
    const error = await streamAi("/api/ai/generate-reflection", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiStreamError);
    expect((error as AiStreamError).message).toBe("The AI could not answer. Please try again.");
  });

  it("rejects when the stream ends before done", async () => {
    mockFetch(() => sseResponse([sseFrame("delta", { text: "Once upon" })]));
    await expect(streamAi("/api/ai/chat", {})).rejects.toThrow(STREAM_ENDED_EARLY);
  });

  it("turns network failures into the fallback text for campers", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    const error = await streamAi("/api/ai/chat", {}).catch((e: unknown) => e);
    expect(aiErrorText(error, AI_MESSAGES.chatFailed)).toBe(AI_MESSAGES.chatFailed);
  });
});
