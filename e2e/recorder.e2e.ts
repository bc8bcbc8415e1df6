import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { Clip } from "../contracts/clips.ts";
import type { Show } from "../contracts/shows.ts";
import { buildCredentials } from "../testing/factories.ts";
import { closeContextsAfterEach, launchBrowser, newContext, seriousAxeViolations } from "./support/browser.ts";
import { registerThroughUI } from "./support/flows.ts";
import { startServer } from "./support/server.ts";
import { reachRecordingStep, recordingReaches, stopTake } from "./support/story.ts";

const baseURL = inject("baseURL");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
closeContextsAfterEach(() => browser);

const rows = (page: Page) => page.getByTestId("clip-row");
const recordButton = (page: Page) => page.getByRole("button", { name: /^(Start Recording|Record Another|Stop recording)$/ });

async function record(page: Page, seconds: number) {
  await recordButton(page).click();
  await page.getByRole("button", { name: /^Stop recording$/ }).waitFor();
  await recordingReaches(page, seconds);
  await stopTake(page);
}

async function waitAllSaved(page: Page, count: number, timeout = 30_000) {
  await expect
    .poll(async () => (await rows(page).evaluateAll((els) => els.map((e) => e.getAttribute("data-state")))).join(","), { timeout })
    .toBe(Array(count).fill("saved").join(","));
}

async function titles(page: Page) {
  return rows(page).evaluateAll((els) => els.map((e) => e.querySelector("[data-clip-title]")?.textContent ?? e.textContent ?? ""));
}

/** SHA-256 of a clip's bytes as they sit in this browser's IndexedDB, chunk by chunk in order. */
async function deviceSha256(page: Page): Promise<{ localId: string; sha: string; bytes: number }> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open("summer-stories-clips");
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const chunks = await new Promise<{ localId: string; index: number; blob: Blob }[]>((resolve, reject) => {
      const req = db.transaction("chunks", "readonly").objectStore("chunks").getAll();
      req.onsuccess = () => resolve(req.result as never);
      req.onerror = () => reject(req.error);
    });
    const localId = chunks[0]!.localId;
    const mine = chunks.filter((c) => c.localId === localId).sort((a, b) => a.index - b.index);
    const buffer = await new Blob(mine.map((c) => c.blob)).arrayBuffer();
    const digest = await crypto.subtle.digest("SHA-256", buffer);
    return {
      localId,
      bytes: buffer.byteLength,
      sha: [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join(""),
    };
  });
}

/** A first clip recorded before any answer creates the camper's show; this is that show's one clip. */
async function theOnlyClip(context: BrowserContext): Promise<Clip> {
  const listShows = async () => (await (await context.request.get("/api/recordings")).json()) as Show[];
  const listClips = async (showId: number) => (await (await context.request.get(`/api/clips?showId=${showId}`)).json()) as Clip[];
  // The show is created right after the clip's last byte is confirmed, so it may be a moment behind.
  await expect.poll(async () => (await listShows()).length, { timeout: 15_000 }).toBe(1);
  const [show] = await listShows();
  // The clip joins the show just after the show's row is made.
  await expect.poll(async () => (await listClips(show!.id)).length, { timeout: 5_000 }).toBe(1);
  return (await listClips(show!.id))[0]!;
}

async function signedIn(base = baseURL): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, base);
  const page = await context.newPage();
  await registerThroughUI(page, buildCredentials());
  await reachRecordingStep(page);
  await page.getByRole("button", { name: "Start Recording" }).waitFor();
  return { context, page };
}

describe("recording clips", () => {
  it("records two clips, reorders them by keyboard, removes one, saves, and the saved clip plays and seeks", async () => {
    const { context, page } = await signedIn();
    await record(page, 3);
    await record(page, 2);
    await waitAllSaved(page, 2);
    expect((await titles(page)).map((t) => /Recording \d/.exec(t)?.[0])).toEqual(["Recording 1", "Recording 2"]);
    await page.getByRole("link", { name: "Continue to Editing" }).or(page.getByRole("button", { name: "Continue to Editing" })).first().waitFor();

    // Keyboard reorder: pick up, move up, drop.
    const handle = page.getByRole("button", { name: "Reorder Recording 2" });
    await handle.focus();
    await page.keyboard.press("Space");
    for (let i = 0; i < 12; i++) await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Space");
    await expect.poll(async () => (await titles(page)).map((t) => /Recording \d/.exec(t)?.[0])).toEqual(["Recording 2", "Recording 1"]);

    await page.getByRole("button", { name: "Remove Recording 1" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await expect.poll(() => rows(page).count()).toBe(1);

    await page.getByRole("tab", { name: "Explain Summer Stories" }).click();
    await page.getByRole("tabpanel", { name: "Explain Summer Stories" }).getByRole("textbox").fill("We film at the lake.");
    await page.getByRole("button", { name: /Create Recording|Update Recording/ }).click();
    const shows = await expect
      .poll(async () => (await (await context.request.get("/api/recordings")).json()) as { id: number }[])
      .toHaveLength(1)
      .then(async () => (await (await context.request.get("/api/recordings")).json()) as { id: number }[]);
    const showId = shows[0]!.id;
    await expect
      .poll(async () => ((await (await context.request.get(`/api/clips?showId=${showId}`)).json()) as Clip[]).map((c) => c.title))
      .toEqual(["Recording 2"]);
    const [clip] = (await (await context.request.get(`/api/clips?showId=${showId}`)).json()) as Clip[];

    const playback = await page.evaluate(async (src) => {
      const video = document.createElement("video");
      video.muted = true;
      video.src = src;
      document.body.appendChild(video);
      await new Promise((resolve, reject) => {
        video.onloadedmetadata = resolve;
        video.onerror = () => reject(new Error("video error"));
      });
      const duration = video.duration;
      video.currentTime = 1;
      await new Promise((resolve) => (video.onseeked = resolve));
      await video.play();
      await new Promise((r) => setTimeout(r, 300));
      const result = { duration, position: video.currentTime, error: video.error?.code ?? null };
      video.remove();
      return result;
    }, clip!.mediaUrl);
    expect(playback.error).toBeNull();
    expect(Number.isFinite(playback.duration)).toBe(true);
    expect(playback.duration).toBeGreaterThan(1.5);
    expect(playback.position).toBeGreaterThanOrEqual(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });

  it("keeps recording offline and delivers the clip byte-identical when the network comes back", async () => {
    const { context, page } = await signedIn();
    await recordButton(page).click();
    await recordingReaches(page, 1);
    await context.setOffline(true);
    await recordingReaches(page, 4);
    await stopTake(page);
    // Offline, the take waits on the device ("On this device") instead of uploading.
    await expect.poll(() => rows(page).first().getAttribute("data-state")).toBe("local");
    const device = await deviceSha256(page);
    await context.setOffline(false);
    await waitAllSaved(page, 1, 45_000);
    const clip = await theOnlyClip(context);
    expect(clip!.uploadedBytes).toBe(device.bytes);
    expect(clip!.uploadSha256).toBe(device.sha);
    await context.close();
  });

  it("keeps a take in its story and in its place when its upload could only begin after the camper moved on", async () => {
    const { context, page } = await signedIn();
    // The story's first take cannot start its upload (the server answers 503, as when it is busy) until
    // the camper has left the Create screen. Its upload is then made after the others', and no screen is
    // open to put it on the story's show: the server must do both, from what the upload says.
    let firstHeldBack = true;
    let heldBack = 0;
    await page.route("**/api/uploads", async (route) => {
      const metadata = route.request().headers()["upload-metadata"] ?? "";
      if (firstHeldBack && route.request().method() === "POST" && metadata.includes(`title ${btoa("Recording 1")}`)) {
        heldBack++;
        await route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: "Busy" }) });
        return;
      }
      await route.continue();
    });
    const settingsBar = page.getByRole("region", { name: "Story settings" });
    await record(page, 2);
    // No show yet (the take's upload cannot begin), so 'Continue to Editing' waits for the first save.
    await settingsBar.getByRole("button", { name: "Continue to Editing" }).waitFor();
    const barHeightBeforeSave = (await settingsBar.boundingBox())!.height;
    await record(page, 2);
    await record(page, 2);
    const states = () => rows(page).evaluateAll((els) => els.map((e) => e.getAttribute("data-state")));
    await expect.poll(async () => (await states()).slice(1).join(","), { timeout: 30_000 }).toBe("saved,saved");
    expect(heldBack).toBeGreaterThan(0);
    // The second take's save made the story's show; the camper goes on to My Shows.
    const [show] = (await (await context.request.get("/api/recordings")).json()) as Show[];
    const onServer = async () => ((await (await context.request.get(`/api/clips?showId=${show!.id}`)).json()) as Clip[]).map((c) => c.title);
    await expect.poll(onServer, { timeout: 15_000 }).toEqual(["Recording 2", "Recording 3"]);
    // The story's first save turns the waiting button into the way on without moving the page under the
    // camper: the bar above the recorder keeps its height.
    await settingsBar.getByRole("link", { name: "Continue to Editing" }).waitFor();
    expect((await settingsBar.boundingBox())!.height).toBe(barHeightBeforeSave);
    await page.getByRole("link", { name: "My Shows" }).first().click();
    await page.waitForURL("**/shows");
    firstHeldBack = false;
    await expect.poll(onServer, { timeout: 45_000 }).toHaveLength(3);
    expect(await onServer()).toEqual(["Recording 1", "Recording 2", "Recording 3"]);
    await context.close();
  });

  it("recovers the recorded part of a take after a reload in the middle of recording", async () => {
    const { context, page } = await signedIn();
    await recordButton(page).click();
    await recordingReaches(page, 3);
    await page.reload();
    await waitAllSaved(page, 1, 45_000);
    const clip = await theOnlyClip(context);
    // Three seconds on the clock, kept a second at a time (the recorder's timeslice): the reload loses at
    // most the second in flight, and on a busy machine the clock runs ahead of the chunks stored.
    expect(clip!.durationSeconds).toBeGreaterThan(1);
    await context.close();
  });

  it("finishes an upload after the server is stopped and started again mid-upload", async () => {
    const server = await startServer();
    const { context, page } = await signedIn(server.baseURL);
    let restarted: Awaited<ReturnType<typeof startServer>> | undefined;
    try {
      await recordButton(page).click();
      await recordingReaches(page, 1);
      await server.stop();
      await recordingReaches(page, 4);
      await stopTake(page);
      restarted = await startServer({ dataDir: server.dataDir, port: server.port });
      await waitAllSaved(page, 1, 60_000);
      const clip = await theOnlyClip(context);
      expect(clip!.durationSeconds).toBeGreaterThan(3);
    } finally {
      await context.close();
      await restarted?.stop();
      await server.stop();
    }
  });
});
