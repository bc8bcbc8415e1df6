import Fastify from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { showSchema, type Show } from "../../contracts/shows.ts";
import { registerErrorHandling } from "./errors.ts";
import { serializerCompiler } from "./serializer.ts";
import { buildShow } from "../../web/src/testing/builders.ts";

// Text a serializer could get wrong (quotes, a dash, an emoji, a line break) and a nested JSON value.
const show: Show = buildShow(7, {
  userId: 3,
  title: "Raft race",
  summary: "We built rafts.",
  narration: "This summer I learned to wait for the light.\n\nAnd to \"film\" it — at dawn. 🌅",
  engagement: { wordCount: 12, nested: { ok: true } },
  videoFormat: "youtube",
  audioSource: "voice",
});

let app: ReturnType<typeof Fastify> | undefined;
afterEach(() => app?.close());

async function serve(schema: z.ZodType, answer: unknown) {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  app.get("/answer", { schema: { response: { 200: schema } } }, async () => answer);
  return app.inject({ method: "GET", url: "/answer" });
}

describe("response serializer", () => {
  it("writes exactly what the contract's own parse gives, for a list of shows", async () => {
    const shows = [show, { ...show, id: 8, engagement: null, captions: true, narration: null }];
    const response = await serve(z.array(showSchema), shows);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(JSON.stringify(z.array(showSchema).parse(shows)));
  });

  it("sends only the contract's fields: a row's other columns never leave the server", async () => {
    const response = await serve(showSchema, { ...show, passwordHash: "$argon2id$secret", draftKey: "k" });
    expect(response.json()).toEqual(show);
    expect(response.body).not.toContain("argon2id");
  });

  it("answers a plain 500 with a message, not a half-written body, when a required field is missing", async () => {
    const { title: _title, ...withoutTitle } = show;
    const response = await serve(showSchema, withoutTitle);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(response.body).not.toMatch(/at \S+:\d+/);
  });

  it("keeps the contract's own serializer where JSON Schema cannot express it (a Date)", async () => {
    const stamped = z.object({ at: z.date() });
    const response = await serve(stamped, { at: new Date("2026-07-01T10:00:00.000Z"), extra: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ at: "2026-07-01T10:00:00.000Z" });
  });
});
