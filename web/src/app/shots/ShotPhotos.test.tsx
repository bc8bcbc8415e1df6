import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Announcer } from "../../components/a11y/announcer.tsx";
import { dismissToast } from "../../lib/toasts.ts";
import { JPEG_HEAD, photoFile } from "../../testing/photos.ts";
import { FakeMediaRecorder, FakeRecognition } from "../../testing/recorder.ts";
import { buildShow } from "../../testing/builders.ts";
import { resetRecorderRuntime, resetRecovery } from "../../features/recorder/runtime.ts";
import { buildShotList, renderShotsPage, serveShotsAndUploads } from "../../testing/shots.tsx";

/** "Use a photo" on a shot card: the photo is the shot's take, and its picture in the video. */

const LINES = ["We woke up at six. The lake was silver.", "Then we paddled out."];

beforeEach(() => {
  vi.stubGlobal("MediaRecorder", FakeMediaRecorder);
  vi.stubGlobal("webkitSpeechRecognition", FakeRecognition);
  Object.defineProperty(navigator, "mediaDevices", { configurable: true, value: { getUserMedia: vi.fn(async () => ({ getTracks: () => [] })) } });
  URL.createObjectURL = vi.fn(() => "blob:photo");
  URL.revokeObjectURL = vi.fn();
  resetRecovery();
  render(<Announcer />);
});

afterEach(async () => {
  await act(async () => dismissToast());
  resetRecorderRuntime();
  vi.unstubAllGlobals();
});

const politeText = () => document.querySelector('[data-announcer="polite"]')?.textContent?.trim() ?? "";

async function usePhotoForShot2() {
  const served = serveShotsAndUploads({ show: buildShow(42, { title: "Lake Day", narration: LINES.join(" ") }), list: buildShotList(LINES) });
  const user = userEvent.setup();
  renderShotsPage();
  await screen.findByRole("heading", { level: 2, name: "Shot 1 of 2" });
  const card = screen.getAllByTestId("shot")[1]!;
  await user.click(within(card).getByRole("button", { name: "Use a photo for shot 2" }));
  const input = within(card).getByTestId("photo-input") as HTMLInputElement;
  expect(input.multiple).toBe(false);
  await user.upload(input, photoFile("Paddles.jpg", JPEG_HEAD, "image/jpeg"));
  return { ...served, card, user };
}

describe("A photo as a shot's picture", () => {
  it("uploads the photo with the shot's id, then shows it on the card as the shot's picture, without a script check", async () => {
    const { tus, calls, card, store } = await usePhotoForShot2();
    expect((await store.listClips(7))[0]).toMatchObject({ kind: "photo", shotId: 2, showId: 42 });

    const picture = await within(card).findByTestId("shot-picture", {}, { timeout: 3000 });
    const [upload] = [...tus.uploads.values()];
    expect(upload!.metadata).toEqual({ title: "Paddles", showId: "42", shotId: "2", filetype: "image/jpeg", begunMsAgo: expect.stringMatching(/^\d+$/) });
    expect(within(picture).getByRole("img", { name: "Photo: Paddles, the picture of shot 2" }).getAttribute("src")).toBe("/api/clips/100/poster");
    expect(within(picture).getByText("Photo")).toBeTruthy();
    expect(within(card).getByTestId("shot-takes").textContent).toBe("Take chosen (1 take)");
    // The take is a photo: its picture, no figures, and no check was asked for.
    const take = within(card).getByTestId("take");
    expect(within(take).getByText("Take 1: a photo")).toBeTruthy();
    expect(take.querySelector("video")).toBeNull();
    expect(within(take).getByText("Used in your video")).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith("/script-check"))).toBe(false);
    expect(screen.queryByTestId("take-result")).toBeNull();
    await waitFor(() => expect(politeText()).toContain("Photo uploaded: Paddles."));
    // The other shot has no picture.
    expect(within(screen.getAllByTestId("shot")[0]!).queryByTestId("shot-picture")).toBeNull();
  });

  it("has no serious axe violations with a photo as a shot's picture", async () => {
    const { card } = await usePhotoForShot2();
    await within(card).findByTestId("shot-picture", {}, { timeout: 3000 });
    const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    const serious = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect(serious).toEqual([]);
  });
});
