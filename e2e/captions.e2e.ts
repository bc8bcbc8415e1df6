import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { toWebVtt } from "../server/render/captions.ts";
import { TRICKY_CAPTIONS } from "../testing/captions.ts";
import { launchBrowser } from "./support/browser.ts";

/** The .vtt the server writes, read by Chromium's own WebVTT parser: every cue keeps all its words. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe("captions in Chromium's track parser", () => {
  it("reads every tricky caption whole", async () => {
    const vtt = toWebVtt(TRICKY_CAPTIONS.map((text, i) => ({ start: i, end: i + 1, text })));
    const page = await browser.newPage();
    try {
      const cues = await page.evaluate(async (source) => {
        const video = document.createElement("video");
        const track = document.createElement("track");
        track.kind = "captions";
        track.default = true;
        track.src = URL.createObjectURL(new Blob([source], { type: "text/vtt" }));
        video.append(track);
        document.body.append(video);
        track.track.mode = "hidden";
        await new Promise<void>((resolve, reject) => {
          track.addEventListener("load", () => resolve());
          track.addEventListener("error", () => reject(new Error("the track did not load")));
        });
        return Array.from(track.track.cues ?? [], (cue) => (cue as VTTCue).getCueAsHTML().textContent);
      }, vtt);
      expect(cues).toEqual(TRICKY_CAPTIONS);
    } finally {
      await page.close();
    }
  });
});
