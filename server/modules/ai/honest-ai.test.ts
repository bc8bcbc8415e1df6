import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AI_MESSAGES } from "../../../contracts/ai.ts";
import { targetWordCount } from "../../../contracts/product.ts";
import type { App } from "../../app.ts";
import { allTonePhrases, countWords, wordsNotIn } from "../../ai/offline/index.ts";
import { parseSse } from "../../../testing/sse.ts";
import { createTestApp, registerCamper, type SignedInClient } from "../../../testing/test-app.ts";
import { appWithFakeOpenAi } from "../../../testing/fake-openai-app.ts";

const responses = [
  "Summer Stories is a camp where we plan, film and edit our own videos with friends.",
  "Our stop-motion short about a lost sock, because we built every set ourselves.",
  "Filming at the lake at sunrise taught me patience.",
];

function post(app: App, camper: SignedInClient, url: string, payload: object, accept?: string) {
  return app.inject({ method: "POST", url, payload, headers: { cookie: camper.cookie, ...(accept ? { accept } : {}) } });
}

describe("honest AI with the built-in writer", () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({ AI_REQUESTS_PER_MINUTE: "1000" });
  });
  afterAll(() => app.close());

  it("answers 422 with a clear message when an edit or a tone change leaves the text as it was", async () => {
    const camper = await registerCamper(app);
    const clean = "We made videos at the lake. It was fun.";
    const res = await post(app, camper, "/api/ai/custom-request", { currentContent: clean, customPrompt: "fix the punctuation" });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: AI_MESSAGES.unchanged });

    // Streaming: no text at all, only the error.
    const streamed = await post(app, camper, "/api/ai/custom-request", { currentContent: clean, customPrompt: "fix the punctuation" }, "text/event-stream");
    const events = parseSse(streamed.body);
    expect(events.map((e) => e.event)).toEqual(["error"]);
    expect(events[0]!.data).toMatchObject({ status: 422, message: AI_MESSAGES.unchanged });

    // A real change still streams and succeeds.
    const changed = await post(app, camper, "/api/ai/custom-request", { currentContent: "we made videos. it was fun", customPrompt: "fix the punctuation" });
    expect(changed.statusCode).toBe(200);
  });

  it("offers a different version on the same answers, each of the camper's words and tone phrases, within the word target", async () => {
    const camper = await registerCamper(app);
    const target = targetWordCount(60);
    const versions: string[] = [];
    for (const variant of [0, 1, 2, 3]) {
      const res = await post(app, camper, "/api/ai/generate-reflection", { responses, style: "excited", duration: 60, variant });
      expect(res.statusCode).toBe(200);
      versions.push(res.json().content);
    }
    expect(new Set(versions).size).toBe(versions.length);
    for (const text of versions) {
      expect(Math.abs(countWords(text) - target)).toBeLessThanOrEqual(target * 0.1);
      expect(wordsNotIn(text, [...responses, ...allTonePhrases("excited")])).toEqual([]);
    }
    // The first version is always the same for the same answers (what Reset to Original restores).
    const first = await post(app, camper, "/api/ai/generate-reflection", { responses, style: "excited", duration: 60 });
    expect(first.json().content).toBe(versions[0]);

    // Told which version the camper has, the answer is never that text.
    const other = await post(app, camper, "/api/ai/generate-reflection", { responses, style: "excited", duration: 60, previousContent: versions[0] });
    expect(other.statusCode).toBe(200);
    expect(other.json().content).not.toBe(versions[0]);
  });

  it("says so when no other version can be written", async () => {
    const camper = await registerCamper(app);
    // A ten-word answer for a ten-word target (a count is read when no length is sent) leaves no room
    // for any stock phrase: every version is the camper's words alone.
    const body = { responses: ["We swam at the lake every day and loved it."], targetWordCount: 10 };
    const only = (await post(app, camper, "/api/ai/generate-reflection", body)).json().content as string;
    expect(only).toBe("We swam at the lake every day and loved it.");
    const res = await post(app, camper, "/api/ai/generate-reflection", { ...body, variant: 1, previousContent: only });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: AI_MESSAGES.noNewVersion });
  });
});

describe("honest AI with an OpenAI-compatible provider", () => {
  const provider = appWithFakeOpenAi((baseURL) => ({ AI_BASE_URL: baseURL, AI_MODEL: "fake-model", AI_TIMEOUT_MS: "2000", AI_MAX_RETRIES: "0" }));

  it("answers 422 when the provider sends the narration back unchanged", async () => {
    const camper = await registerCamper(provider.app);
    const text = "We made videos at the lake. It was fun.";
    provider.fake.setBehaviour({ kind: "ok", words: text.split(/(?= )/) });
    const res = await post(provider.app, camper, "/api/ai/custom-request", { currentContent: text, customPrompt: "Make it more excited", style: "friendly" });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: AI_MESSAGES.unchanged });

    provider.fake.setBehaviour({ kind: "ok", words: ["We made videos at the lake!", " It was SO fun!"] });
    const changed = await post(provider.app, camper, "/api/ai/custom-request", { currentContent: text, customPrompt: "Make it more excited" });
    expect(changed.json()).toEqual({ content: "We made videos at the lake! It was SO fun!" });
  });

  it("asks the provider for another version, and never hands back the one the camper has", async () => {
    const camper = await registerCamper(provider.app);
    provider.fake.setBehaviour({ kind: "ok", words: ["Same", " old", " story."] });
    const res = await post(provider.app, camper, "/api/ai/generate-reflection", { responses, variant: 1, previousContent: "Same old story." });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: AI_MESSAGES.noNewVersion });
    const sent = JSON.stringify(provider.fake.requests.at(-1));
    expect(sent).toContain("another version");
    expect(sent).toContain("Same old story.");
  });
});
