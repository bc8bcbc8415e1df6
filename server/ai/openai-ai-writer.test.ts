import { afterEach, describe, expect, it } from "vitest";
import { AI_MESSAGES } from "../../contracts/ai.ts";
import { targetWordCount } from "../../contracts/product.ts";
import { createTestApp, registerCamper, type SignedInClient } from "../../testing/test-app.ts";
import { parseSse } from "../../testing/sse.ts";
import { appWithFakeOpenAi } from "../../testing/fake-openai-app.ts";

/** The OpenAI-compatible writer through the real `openai` SDK, against a local protocol server. */
const scene = appWithFakeOpenAi((baseURL) => ({ AI_BASE_URL: baseURL, AI_MODEL: "fake-model", AI_TIMEOUT_MS: "700", AI_MAX_RETRIES: "1" }));
let camper: SignedInClient;

afterEach(() => {
  scene.fake.requests.length = 0;
});

async function generate(accept?: string) {
  camper = await registerCamper(scene.app, { username: `secret_${Date.now().toString(36)}` });
  return scene.app.inject({
    method: "POST",
    url: "/api/ai/generate-reflection",
    headers: { cookie: camper.cookie, ...(accept ? { accept } : {}) },
    payload: { responses: ["We filmed at the lake.", ""], style: "professional", duration: 60, audienceLinks: ["my family"] },
  });
}

describe("OpenAI-compatible provider", () => {
  it("returns the model's text, and sends only the task: answers, tone, length, audience — never the username", async () => {
    scene.fake.setBehaviour({ kind: "ok", words: ["At camp", " we filmed", " at the lake."] });
    const res = await generate();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ content: "At camp we filmed at the lake." });
    expect(scene.fake.requests).toHaveLength(1);
    const sent = JSON.stringify(scene.fake.requests[0]);
    expect(scene.fake.requests[0]).toMatchObject({ model: "fake-model", stream: true });
    expect(sent).toContain("We filmed at the lake.");
    expect(sent).toContain("Professional & Formal");
    expect(sent).toContain(`about ${targetWordCount(60)} words`);
    expect(sent).toContain("my family");
    expect(sent).not.toContain(camper.credentials.username);
    expect(sent).not.toContain(String(camper.userId) + ",");
  });

  it("streams the model's tokens to the client as they arrive", async () => {
    scene.fake.setBehaviour({ kind: "ok", words: ["One", " two", " three"], interTokenDelayMs: 5 });
    const events = parseSse((await generate("text/event-stream")).body);
    expect(events).toEqual([
      { event: "delta", data: { text: "One" } },
      { event: "delta", data: { text: " two" } },
      { event: "delta", data: { text: " three" } },
      { event: "done", data: { content: "One two three" } },
    ]);
  });

  it("surfaces the provider's 429 as a 429 with errorCode 429, after the bounded retries", async () => {
    scene.fake.setBehaviour({ kind: "status", status: 429 });
    const res = await generate();
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ errorCode: 429, message: expect.stringMatching(/rate limited/) });
    expect(scene.fake.requests).toHaveLength(2); // the first try and one retry

    const status = await scene.app.inject({ method: "GET", url: "/api/ai/status", headers: { cookie: camper.cookie } });
    expect(status.json()).toMatchObject({ status: "error", available: false, errorCode: 429, model: "fake-model" });
  });

  it("answers a provider 500 with a clear 502", async () => {
    scene.fake.setBehaviour({ kind: "status", status: 500 });
    const res = await generate();
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/AI provider had a problem/);
  });

  it("answers a stalled stream with 504 within the timeout instead of hanging", async () => {
    scene.fake.setBehaviour({ kind: "stall" });
    const started = Date.now();
    const res = await generate();
    expect(res.statusCode).toBe(504);
    expect(res.json().message).toMatch(/took too long/);
    expect(Date.now() - started).toBeLessThan(10_000);

    const streamed = parseSse((await generate("text/event-stream")).body);
    expect(streamed.at(-1)).toMatchObject({ event: "error", data: { status: 504 } });
  });

  it("answers an empty completion with 'No content received from AI generation'", async () => {
    scene.fake.setBehaviour({ kind: "empty" });
    const res = await generate();
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(AI_MESSAGES.noContent);
  });

  it("names the provider and model in the status", async () => {
    scene.fake.setBehaviour({ kind: "ok", words: ["x"] });
    camper = await registerCamper(scene.app);
    // A fresh app, so the previous test's cached status does not answer.
    const fresh = await createTestApp({ AI_BASE_URL: scene.fake.baseURL, AI_MODEL: "fake-model" });
    try {
      const res = await fresh.inject({ method: "GET", url: "/api/ai/status", headers: { cookie: camper.cookie } });
      expect(res.json()).toMatchObject({ status: "ok", available: true, model: "fake-model", provider: expect.stringContaining("127.0.0.1") });
    } finally {
      await fresh.close();
    }
  });
});
