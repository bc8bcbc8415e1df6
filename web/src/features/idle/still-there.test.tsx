import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
// Types only (erased): the module itself is imported afresh before each test.
import type * as StillThereModule from "./still-there.tsx";

/**
 * "Still there?" when the alert dialog's code has not come (decision 029a): the warning must still
 * show, take the focus (so a screen reader reads it out) and keep the camper, and the code is asked
 * for again while it shows. (IdleSignOut.test.tsx covers the warning with the code loaded.)
 */
let StillThereDialog: typeof StillThereModule.StillThereDialog;
let alertDialogCode: typeof StillThereModule.alertDialogCode;
let DIALOG_RETRY_MS: number;
beforeEach(async () => {
  // Fresh modules: the web files share a module graph (vitest.config.ts), and another file's warning
  // may already have brought the dialog's code.
  vi.resetModules();
  ({ StillThereDialog, alertDialogCode, DIALOG_RETRY_MS } = await import("./still-there.tsx"));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const offline = () => vi.spyOn(alertDialogCode, "load").mockRejectedValue(new TypeError("Failed to fetch dynamically imported module"));

describe("the idle warning without its dialog code", () => {
  it("is a labelled, described, modal alert dialog with the focus on 'I'm still here'; the button and Escape keep the camper", async () => {
    offline();
    const onStillHere = vi.fn();
    render(<StillThereDialog open secondsLeft={42} onStillHere={onStillHere} />);
    const dialog = screen.getByRole("alertdialog", { name: "Still there?" });
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    const description = document.getElementById(dialog.getAttribute("aria-describedby")!);
    expect(description?.textContent).toBe("You'll be signed out in 42 seconds to keep your work safe on this shared device.");
    const button = screen.getByRole("button", { name: "I'm still here" });
    expect(document.activeElement).toBe(button);
    await act(async () => {});

    fireEvent.click(button);
    expect(onStillHere).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(button, { key: "Escape" });
    expect(onStillHere).toHaveBeenCalledTimes(2);
  });

  it("keeps asking for the code while it shows, and becomes the Radix dialog once it comes", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const load = offline();
    render(<StillThereDialog open secondsLeft={30} onStillHere={() => undefined} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(load).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(DIALOG_RETRY_MS));
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByRole("alertdialog", { name: "Still there?" }).hasAttribute("data-state")).toBe(false);

    // The Wi-Fi is back: the next attempt brings Radix's dialog (it marks its content with data-state).
    load.mockRestore();
    await act(() => vi.advanceTimersByTimeAsync(DIALOG_RETRY_MS));
    vi.useRealTimers();
    const dialog = await screen.findByRole("alertdialog", { name: "Still there?" });
    await vi.waitFor(() => expect(screen.getByRole("alertdialog").getAttribute("data-state")).toBe("open"));
    expect(dialog.textContent).toContain("signed out in 30 seconds");
    expect(screen.getByRole("button", { name: "I'm still here" })).toBeTruthy();
  });
});
