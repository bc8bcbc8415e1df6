import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { registerErrorHandling } from "./errors.ts";
import { validatorCompiler } from "./validator.ts";

let app: ReturnType<typeof Fastify> | undefined;
afterEach(() => app?.close());

/** A route that answers the query as its contract's check left it. */
async function ask(schema: z.ZodType, url: string) {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  registerErrorHandling(app);
  app.get("/q", { schema: { querystring: schema } }, async (request: { query: unknown }) => ({ query: request.query }));
  return app.inject({ method: "GET", url });
}

const optionalOnly = z.strictObject({ limit: z.coerce.number().int().min(1).optional(), cursor: z.string().max(5).optional() });

describe("query validator", () => {
  it("answers an empty query of a contract with optional keys only as zod does: an empty query", async () => {
    for (const url of ["/q", "/q?"]) {
      const response = await ask(optionalOnly, url);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ query: optionalOnly.parse({}) });
    }
  });

  it("still checks every query that has a key", async () => {
    expect((await ask(optionalOnly, "/q?limit=0")).statusCode).toBe(400);
    expect((await ask(optionalOnly, "/q?cursor=toolong")).statusCode).toBe(400);
    expect((await ask(optionalOnly, "/q?other=1")).statusCode).toBe(400);
    expect((await ask(optionalOnly, "/q?limit=")).statusCode).toBe(400);
    const fine = await ask(optionalOnly, "/q?limit=3");
    expect(fine.statusCode).toBe(200);
    expect(fine.json()).toEqual({ query: { limit: 3 } });
  });

  it("leaves an empty query to zod when the contract gives it defaults or requires a key", async () => {
    const withDefault = await ask(z.object({ page: z.coerce.number().default(1) }), "/q");
    expect(withDefault.statusCode).toBe(200);
    expect(withDefault.json()).toEqual({ query: { page: 1 } });
    expect((await ask(z.object({ id: z.string() }), "/q")).statusCode).toBe(400);
  });
});
