import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../app.ts";
import { createTestApp } from "../../testing/test-app.ts";
import pkg from "../../package.json" with { type: "json" };

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Record<string, unknown> }> }; responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }> }>>;
}

/** Fastify's ":id" is OpenAPI's "{id}". */
const openApiPath = (route: string) => route.replace(/:(\w+)/g, "{$1}");

describe("GET /api/openapi.json", () => {
  let app: App;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    app = await createTestApp();
    const response = await app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    doc = JSON.parse(response.body) as OpenApiDocument;
  });
  afterAll(() => app.close());

  it("is an OpenAPI 3 document of this app, public, describing every /api route and nothing else", () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info).toMatchObject({ title: "Summer Stories API", version: pkg.version });
    for (const route of app.apiRoutes.filter((r) => r.url !== "/api/openapi.json")) {
      expect(doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()], `${route.method} ${route.url}`).toBeDefined();
    }
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith("/api/"))).toEqual([]);
  });

  it("documents the roster as text/csv with its answer, and JSON bodies from the same zod contracts", () => {
    const roster = doc.paths["/api/staff/roster"]!.post!;
    expect(Object.keys(roster.requestBody!.content)).toEqual(["text/csv"]);
    expect(roster.requestBody!.content["text/csv"]!.schema).toMatchObject({ type: "string" });
    const answer = roster.responses["200"]!.content!["application/json"]!.schema as { properties: Record<string, unknown>; required: string[] };
    expect(answer.required).toEqual(["made", "matched", "refused"]);
    expect(JSON.stringify(answer.properties.made)).toContain('"code"');

    const register = doc.paths["/api/register"]!.post!.requestBody!.content["application/json"]!.schema as { properties: Record<string, { maxLength?: number }>; required: string[] };
    expect(register.required).toEqual(["username", "password"]);
    expect(register.properties.username!.maxLength).toBe(32);
    // Every refusal is documented as { message }.
    expect(roster.responses["4XX"]!.content!["application/json"]!.schema).toMatchObject({ required: ["message"], properties: { message: { type: "string" } } });
    const placed = doc.paths["/api/staff/campers/{id}"]!.patch!.requestBody!.content["application/json"]!.schema as { properties: Record<string, unknown> };
    expect(Object.keys(placed.properties).sort()).toEqual(["cabin", "mediaRelease", "session"]);
  });
});
