/**
 * AI writing benchmark (prints figures; never asserts):
 * 1. the offline writer's time per call, over every format x tone;
 * 2. the offline writer on the answer table (testing/writer-answer-sets.ts, every tone, 30 s to
 *    3 min), checked sentence by sentence by testing/writer-check.ts: sentences not whole (cut
 *    inside a phrase or list, or from nowhere), drafts that say a sign-off twice or a sentence twice
 *    in a row, drafts whose length-panel estimate is more than 10 % off the length chosen;
 * 3. with an OpenAI-compatible protocol server on loopback that waits a fixed time before its
 *    first token, how much later than that delay the first word reaches a page in Chromium
 *    (target: under 100 ms).
 * Run: npm run build && npx tsx bench/ai-writer.bench.ts
 */
import { performance } from "node:perf_hooks";
import { NARRATION_TONES, VIDEO_FORMATS, targetWordCount } from "../contracts/product.ts";
import { writeNarration } from "../server/ai/offline/index.ts";
import { launchBrowser } from "../e2e/support/browser.ts";
import { startServer } from "../e2e/support/server.ts";
import { startFakeOpenAiServer } from "../testing/fake-openai-server.ts";
import { ANSWER_SETS } from "../testing/writer-answer-sets.ts";
import { CHECKED_SECONDS, checkDraft, tally, writerLine } from "../testing/writer-check.ts";

const responses = [
  "Summer Stories is a camp where we plan, film and edit our own videos with friends from all over town.",
  "My favorite project was our stop-motion short about a lost sock, because we built every set ourselves out of cardboard.",
  "The best part was filming at the lake at sunrise; I learned to be patient and wait for the light.",
  "The blade tool shortcut B saved me the most time, I use it to cut clips right on the beat.",
  "Next summer I want to make a music video with my cousin, and I'd tell anyone to just start filming.",
];

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function benchOfflineWriter() {
  const times: number[] = [];
  for (let round = 0; round < 20; round++) {
    for (const format of VIDEO_FORMATS) {
      for (const tone of NARRATION_TONES) {
        const started = performance.now();
        writeNarration({ responses, tone: tone.key, targetWordCount: targetWordCount(format.maxDuration) });
        times.push(performance.now() - started);
      }
    }
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  console.log(`offline writer: ${times.length} calls, mean ${mean.toFixed(3)} ms, p50 ${percentile(times, 50).toFixed(3)} ms, p95 ${percentile(times, 95).toFixed(3)} ms, max ${times.at(-1)!.toFixed(3)} ms`);
}

function benchWholeSentences() {
  const checks = ANSWER_SETS.flatMap((set) =>
    NARRATION_TONES.flatMap((tone) =>
      CHECKED_SECONDS.map((seconds) => {
        const draft = writeNarration({ responses: set.responses, tone: tone.key, targetWordCount: targetWordCount(seconds) });
        return checkDraft(draft, { responses: set.responses, tone: tone.key, seconds });
      }),
    ),
  );
  console.log(writerLine(tally(checks)));
}

async function benchFirstWord(firstTokenDelayMs: number, runs: number) {
  const fake = await startFakeOpenAiServer({ kind: "ok", words: ["First", " words", " of", " the", " story."], firstTokenDelayMs });
  const server = await startServer({ env: { AI_BASE_URL: fake.baseURL, AI_MODEL: "fake-model", AI_REQUESTS_PER_MINUTE: "1000" } });
  const browser = await launchBrowser({ desktop: true });
  try {
    const page = await (await browser.newContext({ baseURL: server.baseURL })).newPage();
    await page.goto("/");
    await page.evaluate(async () => {
      const res = await fetch("/api/register", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: `bench_${Date.now()}`, password: "bench-password" }),
      });
      if (!res.ok) throw new Error(`register ${res.status}`);
    });
    const extra: number[] = [];
    for (let i = 0; i < runs; i++) {
      const firstWordMs = await page.evaluate(async () => {
        const started = performance.now();
        const res = await fetch("/api/ai/generate-reflection", {
          method: "POST",
          headers: { "content-type": "application/json", accept: "text/event-stream" },
          body: JSON.stringify({ responses: ["We filmed at the lake."], duration: 60 }),
        });
        const reader = res.body!.getReader();
        const decoder = new TextDecoder();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) throw new Error("stream ended before a word");
          buffer += decoder.decode(value, { stream: true });
          if (buffer.includes("event: delta")) {
            const elapsed = performance.now() - started;
            await reader.cancel();
            return elapsed;
          }
        }
      });
      extra.push(firstWordMs - firstTokenDelayMs);
    }
    extra.sort((a, b) => a - b);
    console.log(
      `first word in the browser, provider first-token delay ${firstTokenDelayMs} ms, ${runs} runs: ` +
        `extra latency p50 ${percentile(extra, 50).toFixed(1)} ms, p95 ${percentile(extra, 95).toFixed(1)} ms, max ${extra.at(-1)!.toFixed(1)} ms (target < 100 ms)`,
    );
  } finally {
    await browser.close();
    await server.stop();
    await fake.close();
  }
}

benchOfflineWriter();
benchWholeSentences();
await benchFirstWord(500, 20);
