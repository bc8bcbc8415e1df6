import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { CLIP_DATABASE } from "./clip-db.ts";
import { CLIP_DB_NAME } from "./clip-store.ts";
import { LazyRecorder, RECORDER_AHEAD, recorderCode } from "./LazyRecorder.tsx";
import type * as RecorderModule from "./Recorder.tsx";
import type { RecorderProps } from "./Recorder.tsx";

/**
 * The Create screen's recorder comes when the camper reaches the recording step (decision 029a). Its
 * download is replaced here by a stand-in module, so what is tested is when it is asked for and what
 * shows meanwhile; the recorder itself: Recorder.test.tsx, and in a browser e2e/recorder.e2e.ts.
 */
let observed: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; element?: Element } | undefined;
class FakeIntersectionObserver {
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    observed = { callback, options };
  }
  observe(element: Element) {
    observed!.element = element;
  }
  disconnect() {}
}
const comeIntoView = () =>
  act(() => observed!.callback([{ isIntersecting: true, target: observed!.element! } as IntersectionObserverEntry], {} as IntersectionObserver));

function FakeRecorder(props: RecorderProps) {
  return <p>The recorder, for show {String(props.showId)}</p>;
}

let load: MockInstance<typeof recorderCode.load>;
beforeEach(() => {
  observed = undefined;
  vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
  load = vi.spyOn(recorderCode, "load").mockResolvedValue({ Recorder: FakeRecorder } as unknown as typeof RecorderModule);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const props = { lengthSeconds: 60, narration: "", userId: 1, showId: 7 } satisfies RecorderProps;

describe("the Create screen's recorder, fetched at the recording step", () => {
  it("stands in with the same card and the camera's frame until the step nears the screen, then fetches it", async () => {
    render(<LazyRecorder {...props} videoFormat="tiktok" now={false} />);
    expect(screen.getByRole("heading", { name: "Record your video" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("Getting the recorder ready...");
    // The frame in the chosen format's shape, as the camera's preview will be.
    expect(screen.getByRole("status").closest("[data-aspect]")?.getAttribute("data-aspect")).toBe("9/16");
    expect(load).not.toHaveBeenCalled();
    expect(observed?.options?.rootMargin).toBe(RECORDER_AHEAD);

    await comeIntoView();
    expect(load).toHaveBeenCalledTimes(1);
    expect(await screen.findByText("The recorder, for show 7")).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("fetches it at once when the page opened on the step (or a saved story's clips count)", async () => {
    render(<LazyRecorder {...props} now />);
    expect(await screen.findByText("The recorder, for show 7")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("fetches it at once when the device holds clips (takes its start-up finishes uploading), wherever the step is", async () => {
    expect(CLIP_DATABASE).toBe(CLIP_DB_NAME);
    vi.stubGlobal("indexedDB", { databases: async () => [{ name: CLIP_DB_NAME, version: 1 }] });
    render(<LazyRecorder {...props} now={false} />);
    expect(await screen.findByText("The recorder, for show 7")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("fetches it when a pointer or the focus comes into the step", async () => {
    render(<LazyRecorder {...props} now={false} />);
    // React's pointer-enter comes from a pointerover from outside the step.
    fireEvent.pointerOver(screen.getByRole("heading", { name: "Record your video" }));
    expect(await screen.findByText("The recorder, for show 7")).toBeTruthy();
  });

  it("says when it could not come, and Try again fetches it again", async () => {
    const user = userEvent.setup();
    load.mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"));
    render(<LazyRecorder {...props} now />);
    expect((await screen.findByRole("alert")).textContent).toContain("The recorder could not load: the connection dropped.");
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("The recorder, for show 7")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
