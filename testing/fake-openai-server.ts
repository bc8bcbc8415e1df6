import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local HTTP server speaking the OpenAI chat-completions protocol (JSON and streaming), speech and
 * transcription, so tests and benchmarks exercise the real `openai` client. Only this machine is
 * ever contacted.
 */
export type FakeBehaviour =
  | { kind: "ok"; words: string[]; firstTokenDelayMs?: number; interTokenDelayMs?: number }
  | { kind: "status"; status: number; body?: unknown }
  | { kind: "stall" }
  | { kind: "empty" };

export interface FakeOpenAiServer {
  baseURL: string;
  /** Every chat-completions request body received, in order. */
  requests: Record<string, unknown>[];
  /** Every /audio/speech request body received, in order. */
  speechRequests: Record<string, unknown>[];
  /** What /audio/speech answers with when the behaviour is "ok". */
  setSpeechAudio(audio: Buffer): void;
  /** Every /audio/transcriptions request (multipart): its text fields and the uploaded file. */
  transcriptionRequests: TranscriptionRequest[];
  /** Makes the verbose-JSON answer of /audio/transcriptions from the uploaded audio (behaviour "ok"). */
  setTranscriber(transcriber: Transcriber): void;
  setBehaviour(behaviour: FakeBehaviour): void;
  close(): Promise<void>;
}

export interface TranscriptionRequest {
  fields: Record<string, string[]>;
  file: { name: string; type: string; bytes: Buffer };
}
export type Transcriber = (request: TranscriptionRequest) => Promise<{ text: string; words: { word: string; start: number; end: number }[] }>;

export async function startFakeOpenAiServer(initial: FakeBehaviour = { kind: "ok", words: ["Hello", " camp!"] }) {
  let behaviour = initial;
  const requests: Record<string, unknown>[] = [];
  const speechRequests: Record<string, unknown>[] = [];
  let speechAudio: Buffer = Buffer.alloc(0);
  const transcriptionRequests: TranscriptionRequest[] = [];
  let transcriber: Transcriber = async () => ({ text: "", words: [] });
  const open = new Set<ServerResponse>();

  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    open.add(res);
    res.on("close", () => open.delete(res));
    if (req.method === "GET" && req.url?.endsWith("/models")) {
      if (behaviour.kind === "status") return sendStatus(res, behaviour.status, behaviour.body);
      return json(res, 200, { object: "list", data: [{ id: "fake-model", object: "model", owned_by: "test" }] });
    }
    if (req.method === "POST" && req.url?.endsWith("/audio/speech")) {
      speechRequests.push(JSON.parse(await readBody(req)) as Record<string, unknown>);
      if (behaviour.kind === "status") return sendStatus(res, behaviour.status, behaviour.body);
      if (behaviour.kind === "stall") {
        res.writeHead(200, { "content-type": "audio/mpeg" });
        res.flushHeaders();
        return;
      }
      res.writeHead(200, { "content-type": "audio/mpeg" });
      return res.end(speechAudio);
    }
    if (req.method === "POST" && req.url?.endsWith("/audio/transcriptions")) {
      const form = await new Request("http://fake/", { method: "POST", headers: { "content-type": req.headers["content-type"] ?? "" }, body: new Uint8Array(await readBytes(req)) }).formData();
      const fields: Record<string, string[]> = {};
      let file: TranscriptionRequest["file"] | undefined;
      for (const [name, value] of form.entries()) {
        if (typeof value === "string") (fields[name] ??= []).push(value);
        else file = { name: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()) };
      }
      if (!file) return json(res, 400, { error: { message: "file is required" } });
      const request = { fields, file };
      transcriptionRequests.push(request);
      if (behaviour.kind === "status") return sendStatus(res, behaviour.status, behaviour.body);
      const { text, words } = await transcriber(request);
      return json(res, 200, { task: "transcribe", language: "english", duration: words.at(-1)?.end ?? 0, text, words });
    }
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) return json(res, 404, { error: { message: "not found" } });
    const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    requests.push(body);
    const current = behaviour;
    if (current.kind === "status") return sendStatus(res, current.status, current.body);
    if (current.kind === "stall") {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.flushHeaders();
      return; // never another byte
    }
    const words = current.kind === "empty" ? [] : current.words;
    if (!body.stream) {
      return json(res, 200, completion(words.join("")));
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    res.flushHeaders();
    const first = current.kind === "ok" ? current.firstTokenDelayMs ?? 0 : 0;
    const between = current.kind === "ok" ? current.interTokenDelayMs ?? 0 : 0;
    if (first) await sleep(first);
    for (const [i, word] of words.entries()) {
      if (i > 0 && between) await sleep(between);
      res.write(`data: ${JSON.stringify(chunk({ content: word }))}\n\n`);
    }
    res.write(`data: ${JSON.stringify(chunk({}, "stop"))}\n\n`);
    res.write("data: [DONE]\n\n");
    res.end();
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    speechRequests,
    setSpeechAudio(audio: Buffer) {
      speechAudio = audio;
    },
    transcriptionRequests,
    setTranscriber(next: Transcriber) {
      transcriber = next;
    },
    setBehaviour(next: FakeBehaviour) {
      behaviour = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.close(() => resolve());
      }),
  } satisfies FakeOpenAiServer;
}

function sendStatus(res: ServerResponse, status: number, body?: unknown) {
  json(res, status, body ?? { error: { message: `fake error ${status}`, type: "server_error" } }, status === 429 ? { "retry-after-ms": "10" } : {});
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

const created = 1_790_000_000;
function completion(content: string) {
  return {
    id: "chatcmpl-fake",
    object: "chat.completion",
    created,
    model: "fake-model",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
  };
}
function chunk(delta: { content?: string }, finishReason: string | null = null) {
  return {
    id: "chatcmpl-fake",
    object: "chat.completion.chunk",
    created,
    model: "fake-model",
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (c) => (data += c));
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}

function readBytes(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
