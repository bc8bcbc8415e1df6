import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { REDUCED_MOTION_STEP_MS, TELEPROMPTER_WPM, Teleprompter, clampWpm, scrollSpeed } from "./Teleprompter.tsx";

const NARRATION = "We built a raft at the lake and it floated for almost a minute before the whole thing came apart.";

function Preview() {
  return <video muted aria-label="Camera preview" />;
}

/** jsdom has no layout: give the text a height and watch scrollTop being set. */
function instrument() {
  const box = screen.getByRole("region", { name: "Teleprompter" });
  const text = box.querySelector("p")!;
  Object.defineProperty(text, "offsetHeight", { configurable: true, get: () => 200 });
  let top = 0;
  const sets: number[] = [];
  Object.defineProperty(box, "scrollTop", {
    configurable: true,
    get: () => top,
    set: (value: number) => {
      top = value;
      sets.push(value);
    },
  });
  return { sets, top: () => top };
}

/** The teleprompter shown stopped, watched (see instrument), then running: Record was pressed. */
function renderThenRun() {
  const view = render(
    <Teleprompter narration={NARRATION} running={false}>
      <Preview />
    </Teleprompter>,
  );
  const watch = instrument();
  view.rerender(
    <Teleprompter narration={NARRATION} running>
      <Preview />
    </Teleprompter>,
  );
  return { rerender: view.rerender, watch };
}

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({ matches: reduce && query.includes("reduce"), media: query, addEventListener() {}, removeEventListener() {} })),
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("Teleprompter", () => {
  it("is not there without a narration", () => {
    render(
      <Teleprompter narration="   " running>
        <Preview />
      </Teleprompter>,
    );
    expect(screen.getByLabelText("Camera preview")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Teleprompter" })).toBeNull();
    expect(screen.queryByRole("button", { name: /teleprompter/ })).toBeNull();
  });

  it("shows the narration over the preview; hides and shows again; speed 80-200 wpm, default 130, remembered", async () => {
    const user = userEvent.setup();
    const { unmount } = render(
      <Teleprompter narration={NARRATION} running={false}>
        <Preview />
      </Teleprompter>,
    );
    expect(screen.getByRole("region", { name: "Teleprompter" }).textContent).toContain("We built a raft");
    const slider = screen.getByRole("slider", { name: "Teleprompter speed" }) as HTMLInputElement;
    expect([slider.min, slider.max, slider.value]).toEqual(["80", "200", "130"]);
    expect(slider.getAttribute("aria-valuetext")).toBe("130 words per minute");

    await user.click(screen.getByRole("button", { name: "Hide teleprompter" }));
    expect(screen.queryByRole("region", { name: "Teleprompter" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Show teleprompter" }));
    expect(screen.getByRole("region", { name: "Teleprompter" })).toBeTruthy();

    // The slider goes with the teleprompter: the one shown now is a new element.
    fireEvent.change(screen.getByRole("slider", { name: "Teleprompter speed" }), { target: { value: "150" } });
    expect(screen.getByText("150 words/min")).toBeTruthy();
    unmount();
    render(
      <Teleprompter narration={NARRATION} running={false}>
        <Preview />
      </Teleprompter>,
    );
    expect((screen.getByRole("slider", { name: "Teleprompter speed" }) as HTMLInputElement).value).toBe("150");
  });

  it("scrolls at the reading speed while running, from the top each time", async () => {
    mockReducedMotion(false);
    const { rerender, watch } = renderThenRun();
    expect(watch.sets[0]).toBe(0);
    await act(() => new Promise((r) => setTimeout(r, 300)));
    const moved = watch.top();
    expect(moved).toBeGreaterThan(0);
    // 130 wpm over 20 words in 200 px: about 21.7 px a second; 0.3 s is about 6.5 px.
    expect(moved).toBeLessThan(20);
    rerender(
      <Teleprompter narration={NARRATION} running={false}>
        <Preview />
      </Teleprompter>,
    );
    const stoppedAt = watch.top();
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(watch.top()).toBe(stoppedAt);
  });

  it("moves in steps with reduced motion", async () => {
    mockReducedMotion(true);
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "performance", "requestAnimationFrame"] });
    const { watch } = renderThenRun();
    expect(watch.sets).toEqual([0]);
    act(() => vi.advanceTimersByTime(REDUCED_MOTION_STEP_MS - 10));
    expect(watch.sets).toEqual([0]);
    act(() => vi.advanceTimersByTime(10));
    expect(watch.sets).toHaveLength(2);
    expect(watch.sets[1]).toBeCloseTo(scrollSpeed(TELEPROMPTER_WPM.default, 200, 20) * 2, 5);
  });

  it("computes speeds and clamps stored values", () => {
    expect(scrollSpeed(120, 300, 60)).toBe(10);
    expect(scrollSpeed(120, 0, 60)).toBe(0);
    expect(clampWpm(500)).toBe(200);
    expect(clampWpm(10)).toBe(80);
    expect(clampWpm("fast")).toBe(130);
    expect(clampWpm(143)).toBe(140);
  });
});
