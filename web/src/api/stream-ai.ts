import type { z } from "zod";
import type * as AiContract from "../../../contracts/ai.ts";
import { SSE_EVENTS } from "../../../contracts/ai-constants.ts";
import { ContractError, throwIfNotOk } from "./client.ts";
import { parseWith } from "./parse-with.ts";

/** The AI's answer schemas (and zod) load with the first request, never with the screen. */
type AiSchemas = typeof AiContract;
const loadAiSchemas = (): Promise<AiSchemas> => import("../../../contracts/ai.ts");

/** One server-sent event: its `event:` name (default "message") and its joined `data:` lines. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * An incremental server-sent-events parser (the WHATWG event-stream format): feed it text as it
 * arrives, in chunks of any size, and it returns the events completed so far. A line, a field or a
 * CRLF pair split across two chunks is held until the rest arrives.
 */
export class SseParser {
  private buffer = "";
  private eventName = "";
  private dataLines: string[] = [];
  private sawData = false;

  push(chunk: string): SseEvent[] {
    this.buffer += chunk;
    const events: SseEvent[] = [];
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const ch = this.buffer[i];
      if (ch !== "\n" && ch !== "\r") continue;
      // A lone "\r" at the very end may be the first half of "\r\n": wait for the next chunk.
      if (ch === "\r" && i === this.buffer.length - 1) break;
      const line = this.buffer.slice(start, i);
      if (ch === "\r" && this.buffer[i + 1] === "\n") i++;
      start = i + 1;
      const event = this.line(line);
      if (event) events.push(event);
    }
    this.buffer = this.buffer.slice(start);
    return events;
  }

  /** The stream ended: a last line without its newline is read, and an event missing only its blank line still counts. */
  end(): SseEvent[] {
    const events = this.buffer ? this.push("\n") : [];
    const last = this.line("");
    return last ? [...events, last] : events;
  }

  private line(line: string): SseEvent | null {
    if (line === "") {
      if (!this.sawData) {
        this.eventName = "";
        return null;
      }
      const event = { event: this.eventName || "message", data: this.dataLines.join("\n") };
      this.eventName = "";
      this.dataLines = [];
      this.sawData = false;
      return event;
    }
    if (line.startsWith(":")) return null; // a comment (keep-alive)
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") this.eventName = value;
    else if (field === "data") {
      this.dataLines.push(value);
      this.sawData = true;
    }
    // "id" and "retry" mean nothing here: each request streams one answer.
    return null;
  }
}

/** An `event: error` from the stream: the server's message, with its HTTP-style status and the provider's code. */
export class AiStreamError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly errorCode: number | null,
  ) {
    super(message);
    this.name = "AiStreamError";
  }
}

export const STREAM_ENDED_EARLY = "The AI stopped before it finished. Please try again.";

export interface StreamAiOptions {
  /** Called with the whole text so far each time more arrives. */
  onDelta?: (textSoFar: string) => void;
  signal?: AbortSignal;
}

const NOT_JSON = Symbol("not JSON");

function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

/** Event data or a reply body as `schema` says; text that is not JSON is a ContractError like any other bad shape. */
function parseText<S extends z.ZodType>(schema: S, url: string, text: string): z.infer<S> {
  const json = jsonOf(text);
  if (json === NOT_JSON) throw new ContractError(url, "not JSON");
  return parseWith(schema, url, json);
}

/** The answer in a done event or a plain JSON reply: `content` (generate, custom) or `response` (chat). */
function answerText(schemas: AiSchemas, url: string, text: string): string {
  const answer = parseText(schemas.aiAnswerSchema, url, text);
  return "content" in answer ? answer.content : answer.response;
}

const AI_COULD_NOT_ANSWER = "The AI could not answer. Please try again.";

/**
 * POSTs `body` as JSON asking for server-sent events, reports the text as it streams in, and
 * resolves with the final text. A non-OK response rejects with an ApiError ("{status}: {body}"),
 * an `event: error` with an AiStreamError carrying the server's message, an event or reply not shaped
 * as contracts/ai.ts says with a ContractError. A server that answers with plain JSON instead of a
 * stream is handled too.
 */
export async function streamAi(url: string, body: unknown, { onDelta, signal }: StreamAiOptions = {}): Promise<string> {
  const schemasLoading = loadAiSchemas();
  // Awaited only once the answer is in; a failed request must not leave this rejection unheard.
  schemasLoading.catch(() => undefined);
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
    body: JSON.stringify(body),
    credentials: "include",
    signal,
  });
  await throwIfNotOk(response);
  const schemas = await schemasLoading;

  const contentType = response.headers.get("Content-Type") ?? "";
  if (!contentType.includes("text/event-stream") || !response.body) {
    const answer = answerText(schemas, url, await response.text());
    onDelta?.(answer);
    return answer;
  }

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  let text = "";

  // Returns the final text on `done`, throws on `error`, undefined otherwise.
  const handle = (event: SseEvent): string | undefined => {
    if (event.event === SSE_EVENTS.delta) {
      const { text: piece } = parseText(schemas.aiDeltaEventSchema, url, event.data);
      if (piece) {
        text += piece;
        onDelta?.(text);
      }
      return undefined;
    }
    if (event.event === SSE_EVENTS.done) {
      const final = answerText(schemas, url, event.data);
      if (final !== text) onDelta?.(final);
      return final;
    }
    if (event.event === SSE_EVENTS.error) {
      // The request failed either way: an error event in a shape we did not expect still reads as one.
      const parsed = schemas.aiErrorEventSchema.safeParse(jsonOf(event.data));
      if (!parsed.success) throw new AiStreamError(AI_COULD_NOT_ANSWER, null, null);
      const { message, status, errorCode } = parsed.data;
      throw new AiStreamError(message || AI_COULD_NOT_ANSWER, status, errorCode);
    }
    return undefined;
  };

  try {
    for (;;) {
      const { done, value } = await reader.read();
      const events = done ? [...parser.push(decoder.decode()), ...parser.end()] : parser.push(decoder.decode(value, { stream: true }));
      for (const event of events) {
        const final = handle(event);
        if (final !== undefined) return final;
      }
      if (done) throw new Error(STREAM_ENDED_EARLY);
    }
  } finally {
    // Stop reading (and let the connection go) once we have the answer or have failed.
    reader.cancel().catch(() => undefined);
  }
}
