import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import type { Clip } from "../contracts/clips.ts";
import type { Show } from "../contracts/shows.ts";
import type { RenderJob, StoryLength } from "../contracts/renders.ts";
import { VIDEO_STYLE } from "../contracts/video-style.ts";
import type { VoiceOver } from "../contracts/voice.ts";
import { buildCredentials } from "../testing/factories.ts";
import { parseVtt, sentenceTimings, speechStarts } from "../testing/voice-timing.ts";
import { launchBrowser, newContext, playsWithoutError, seriousAxeViolations, watchPageErrors } from "./support/browser.ts";
import { expectCuesInSafeArea, expectPlatformLoudness } from "./support/finished-video.ts";
import { registerThroughUI } from "./support/flows.ts";
import { answer, answerBox, narrationBox, record, savedStory, toastRegion, waitAllSaved } from "./support/story.ts";
import { run, tools, JOURNEY_DIR, sha256, duration, getJson, shoot, noSidewaysScroll, showFrameAt, PHOTO, MUSIC, addPhoto, chooseMusicAndStyle, checkPhoneVideo, ANSWERS } from "./support/journey-steps.ts";

/**
 * A first-time camper's whole story, from sign-up to a downloaded MP4, as the Create screen leads
 * it, at laptop and phone size. The pictures in docs/journey/ (shown in the README) come from here.
 */
const baseURL = inject("baseURL");
let browser: Browser;
let work: string;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(JOURNEY_DIR, { recursive: true });
  work = mkdtempSync(path.join(tmpdir(), "journey-"));
});
afterAll(async () => {
  await browser?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("a camper's whole story", () => {
  it.each([
    { size: "laptop", viewport: { width: 1280, height: 800 }, format: "youtube", aspect: 16 / 9 },
    { size: "phone", viewport: { width: 390, height: 844 }, format: "tiktok", aspect: 9 / 16 },
  ] as const)(
    "goes from sign-up to a downloaded MP4 at $size size ($viewport.width x $viewport.height)",
    async ({ size, viewport, format, aspect }) => {
      const context = await newContext(browser, baseURL, viewport);
      const page = await context.newPage();
      const errors = watchPageErrors(page, [401, 404]);
      // The phone's camper shows their name on the title card: a self-registered camper's is their username.
      await registerThroughUI(page, buildCredentials(size === "phone" ? { username: "maya" } : {}));
      await expect.poll(() => page.getByTestId("story-step").textContent()).toMatch(/^Step 1 of 4: Reflect\..*Next: Script\./);
      await noSidewaysScroll(page);
      if (size === "phone") await shoot(page, "0-phone-create");

      // Short video: the AI writes about 50 words, which the AI voice reads for longer than the clips last.
      await page.getByLabel("Length in seconds").fill("30");
      await page.getByLabel("Length in seconds").press("Enter");
      await page.getByLabel("Video format").selectOption(format);
      for (const [tab, text] of Object.entries(ANSWERS)) await answer(page, tab, text);
      // Leaving the answer lets the AI write; its narration creates the show at once.
      await page.getByRole("tab", { name: "Favorite Part" }).click();
      await expect.poll(() => narrationBox(page).inputValue(), { timeout: 30_000 }).toContain("film and edit videos");
      await expect.poll(() => toastRegion(page).textContent()).toContain("Recording saved");
      await expect.poll(() => page.getByTestId("story-step").textContent()).toMatch(/Step 3 of 4: Record\./);
      await page.getByLabel("Title", { exact: true }).fill("Our Lake Summer");
      await page.getByLabel("Title", { exact: true }).blur();
      await savedStory(page);
      const narration = await narrationBox(page).inputValue();
      if (size === "laptop") await shoot(page, "1-reflect-and-script");

      // Two clips; the first is trimmed in the editor below.
      await record(page, 3);
      await record(page, 2);
      // On a phone the story has a photo too: a third section, on screen for the seconds the camper sets.
      const phone = size === "phone";
      const sectionCount = phone ? 3 : 2;
      if (phone) await addPhoto(page);
      await waitAllSaved(page, sectionCount);
      if (phone) {
        const secondsBox = page.getByRole("spinbutton", { name: `Seconds on screen for photo ${PHOTO.title}` });
        await secondsBox.fill(String(PHOTO.seconds));
        await secondsBox.press("Enter");
      }
      if (size === "laptop") {
        await page.getByRole("heading", { name: "Record your clips" }).evaluate((el) => el.scrollIntoView({ block: "start" }));
        await shoot(page, "2-record");
      }
      const [show] = await getJson<Show[]>(context.request, "/api/recordings");
      const clipsOf = () => getJson<Clip[]>(context.request, `/api/clips?showId=${show!.id}`);
      await expect.poll(async () => (await clipsOf()).length).toBe(sectionCount);
      if (phone) await expect.poll(async () => (await clipsOf())[2]).toMatchObject({ kind: "photo", durationSeconds: PHOTO.seconds });

      // A reload midway brings everything back as the server holds it.
      await page.reload();
      await expect.poll(() => narrationBox(page).inputValue()).toBe(narration);
      expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe("Our Lake Summer");
      for (const [tab, text] of Object.entries(ANSWERS)) {
        await page.getByRole("tab", { name: tab }).click();
        expect(await answerBox(page, tab).inputValue()).toBe(text);
      }
      expect(await page.getByLabel("Length in seconds").inputValue()).toBe("30");
      expect(await page.getByLabel("Video format").inputValue()).toBe(format);
      await waitAllSaved(page, sectionCount);
      await expect.poll(() => page.getByTestId("story-step").textContent()).toMatch(/Step 4 of 4: Editor\./);
      // Reset to Original still knows the AI's text after the reload.
      await narrationBox(page).fill(`${narration} We laughed a lot.`);
      await page.getByRole("button", { name: "Reset to Original" }).click();
      expect(await narrationBox(page).inputValue()).toBe(narration);
      await savedStory(page);
      const saved = await getJson<Show>(context.request, `/api/recordings/${show!.id}`);
      expect(saved).toMatchObject({ title: "Our Lake Summer", narration, originalNarration: narration, lengthSeconds: 30, videoFormat: format });
      expect((await clipsOf()).map((c) => c.title)).toEqual(["Recording 1", "Recording 2", ...(phone ? [PHOTO.title] : [])]);

      await page.getByRole("link", { name: "Continue to Editing" }).first().click();
      await page.waitForURL(`**/shows/${show!.id}/narration`);
      await expect.poll(() => page.getByTestId("clip-frame").count()).toBe(sectionCount);
      // Trim the first clip in the editor: half a second off each end (the file is not changed).
      const [first] = await clipsOf();
      const trim = { trimStartSeconds: 0.5, trimEndSeconds: Math.floor((first!.durationSeconds - 0.5) * 10) / 10 };
      for (const [edge, value] of [["Start", trim.trimStartSeconds], ["End", trim.trimEndSeconds]] as const) {
        const box = page.getByRole("spinbutton", { name: `${edge} of Recording 1 (seconds)` });
        await box.fill(String(value));
        await box.blur();
        await expect
          .poll(async () => (await clipsOf())[0]![edge === "Start" ? "trimStartSeconds" : "trimEndSeconds"], { timeout: 10_000 })
          .toBe(value);
      }
      // The trims come back after a reload of the editor.
      await page.reload();
      await expect.poll(() => page.getByRole("spinbutton", { name: "End of Recording 1 (seconds)" }).inputValue()).toBe(String(trim.trimEndSeconds));
      expect(await page.getByRole("spinbutton", { name: "Start of Recording 1 (seconds)" }).inputValue()).toBe(String(trim.trimStartSeconds));
      const clips = await clipsOf();
      expect(clips.map((c) => [c.trimStartSeconds, c.trimEndSeconds])).toEqual([
        [trim.trimStartSeconds, trim.trimEndSeconds],
        ...clips.slice(1).map((c) => [0, c.durationSeconds]),
      ]);
      await page.getByRole("radio", { name: "AI voice" }).check();
      await page.getByTestId("voice-honesty-note").waitFor();
      expect(await page.getByTestId("voice-honesty-note").textContent()).toMatch(/not your own voice/);
      // The choice shows once the show's cache entry has it (a render tick after the click, so not check()).
      const bars = page.getByRole("radio", { name: "Show the whole picture (add bars)" });
      await bars.click();
      await expect
        .poll(async () => getJson<Show>(context.request, `/api/recordings/${show!.id}`))
        .toMatchObject({ audioSource: "voice", fit: "fit" });
      // No answer to an earlier save (the voice choice's) may undo it: still checked once both are saved.
      await expect.poll(() => bars.isChecked()).toBe(true);
      // Before rendering: the AI voice reads this script for longer than the (trimmed) clips last.
      const length = await getJson<StoryLength>(context.request, `/api/recordings/${show!.id}/length`);
      expect(length.voiceLongerThanClips).toBe(true);
      expect(length.clipsSeconds).toBeCloseTo(clips.reduce((sum, c) => sum + c.usedSeconds, 0), 1);
      const lengthCard = page.getByTestId("story-length");
      await expect
        .poll(() => lengthCard.getByTestId("length-verdict").textContent(), { timeout: 15_000 })
        .toMatch(/^The AI voice is [\d.]+ seconds longer than your clips\.$/);
      await lengthCard.getByRole("button", { name: "Keep the whole voice" }).click();
      if (size === "laptop") {
        await lengthCard.evaluate((el) => el.scrollIntoView({ block: "start" }));
        await shoot(page, "3-editor");
      }
      const showOnServer = () => getJson<Show>(context.request, `/api/recordings/${show!.id}`);
      await chooseMusicAndStyle(page, showOnServer, MUSIC[size], phone);
      if (size === "laptop") {
        const group = page.getByRole("region", { name: "Music and style" });
        await group.evaluate((el) => el.scrollIntoView({ block: "start" }));
        await group.screenshot({ path: path.join(JOURNEY_DIR, "5-music-and-style.png") });
      }
      await noSidewaysScroll(page);

      await page.getByRole("button", { name: "Render video" }).click();
      const editorVideo = page.getByTestId("finished-video");
      await editorVideo.waitFor({ timeout: 300_000 });
      const [render] = (await getJson<RenderJob[]>(context.request, `/api/recordings/${show!.id}/renders`)).filter((r) => r.current);
      expect(render).toMatchObject({ status: "done", options: { fit: "fit", audio: "voice", captions: true, transitions: true } });
      const music = MUSIC[size];
      expect(render!.options.music).toEqual({ track: music.id, level: music.level.toLowerCase() });
      expect(render!.options.captionStyle).toBe(phone ? "word" : "lines");
      // The cards are fixed on the job: the show's title, the camper's first name only when chosen.
      expect(render!.options.cards).toMatchObject({ title: "Our Lake Summer" });
      expect(render!.options.cards!.name === null).toBe(!phone);
      // The editor plays it with its captions track.
      expect(await editorVideo.getAttribute("src")).toBe(render!.mediaUrl);
      expect(await editorVideo.locator("track").getAttribute("src")).toBe(render!.captionsUrl);
      await editorVideo.evaluate((el) => el.scrollIntoView({ block: "center" }));
      // A moment of the story (after the title card), with its captions.
      await showFrameAt(editorVideo, VIDEO_STYLE.titleCardSeconds + 1.5);
      if (size === "laptop") await shoot(page, "4-final-video");
      const fromEditorPromise = page.waitForEvent("download");
      await page.getByRole("link", { name: "Download .mp4" }).click();
      const fromEditor = await sha256(await fromEditorPromise);

      await page.goto("/shows");
      const fromListPromise = page.waitForEvent("download", { timeout: 120_000 });
      await page.getByRole("button", { name: "Download .mp4 of Our Lake Summer" }).click();
      const fromList = await sha256(await fromListPromise);

      // The show page plays the same finished video, with its captions track.
      await page.goto(`/shows/${show!.id}`);
      const showVideo = page.getByLabel("Finished video of Our Lake Summer");
      await showVideo.waitFor();
      expect(await showVideo.getAttribute("src")).toBe(render!.mediaUrl);
      expect(await showVideo.locator("track").getAttribute("src")).toBe(render!.captionsUrl);
      await playsWithoutError(showVideo);
      const fromShowPromise = page.waitForEvent("download", { timeout: 120_000 });
      await page.getByRole("button", { name: "Download .mp4 of Our Lake Summer" }).click();
      const fromShow = await sha256(await fromShowPromise);

      // One set of choices per show: every Download .mp4 is the same video.
      expect(fromList.sha).toBe(fromEditor.sha);
      expect(fromShow.sha).toBe(fromEditor.sha);

      // The whole voice: the story lasts at least as long as the voice-over, which outlasts the clips;
      // the title card before it and the end card after it add their seconds.
      const voiceOver = await getJson<VoiceOver>(context.request, `/api/recordings/${show!.id}/voice-over`);
      const voiceFile = path.join(work, `${size}-voice-over`);
      await writeFile(voiceFile, await (await context.request.get(voiceOver.mediaUrl)).body());
      const voiceSeconds = await duration(voiceFile);
      const videoSeconds = await duration(fromEditor.file);
      const clipsSeconds = clips.reduce((sum, c) => sum + c.usedSeconds, 0);
      const storyStart = VIDEO_STYLE.titleCardSeconds;
      const cardsSeconds = VIDEO_STYLE.titleCardSeconds + VIDEO_STYLE.endCardSeconds;
      expect(voiceSeconds).toBeGreaterThan(clipsSeconds);
      expect(videoSeconds).toBeGreaterThanOrEqual(voiceSeconds + cardsSeconds - 0.05);
      expect(Math.abs(videoSeconds - (voiceSeconds + cardsSeconds)), `MP4 ${videoSeconds} s, voice ${voiceSeconds} s + cards`).toBeLessThanOrEqual(0.3);
      const { stdout: frame } = await run(tools.ffprobe, [
        ...["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height", "-of", "csv=p=0", fromEditor.file],
      ]);
      const [width, height] = frame.trim().split(",").map(Number);
      expect(width! / height!).toBeCloseTo(aspect, 2);

      // Captions: each sentence's cue starts within 0.5 s of the moment the voice starts it (silencedetect),
      // the voice starting after the title card.
      const starts = await speechStarts(tools, voiceFile);
      const cues = parseVtt(await (await context.request.get(render!.captionsUrl!)).text());
      const timings = sentenceTimings(narration, cues, starts);
      console.log(
        `[journey ${size}] clips ${clipsSeconds.toFixed(2)} s, voice-over ${voiceSeconds} s, MP4 ${videoSeconds} s (${width}x${height}); ` +
          `cue - voice per sentence: ${timings.map((t) => (t.cue! - storyStart - t.voice!).toFixed(3)).join(", ")}`,
      );
      expect(starts).toHaveLength(timings.length);
      for (const { sentence, cue, voice } of timings) {
        expect(cue, sentence).toBeDefined();
        expect(Math.abs(cue! - storyStart - voice!), `"${sentence}": cue at ${cue} s, voice at ${voice} s + ${storyStart} s`).toBeLessThanOrEqual(0.5);
      }
      // The player draws the captions where the video burns them: inside the platform's free area.
      expectCuesInSafeArea(cues, format);
      console.log(`[journey ${size}] mix ${JSON.stringify(await expectPlatformLoudness(fromEditor.file))}`);
      if (phone) await checkPhoneVideo(context.request, render!, { file: fromEditor.file, voiceFile, storyStart, width: width!, height: height! });

      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
    900_000,
  );
});
