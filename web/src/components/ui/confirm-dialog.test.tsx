import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
// Types only (erased): the modules themselves are imported afresh in beforeEach.
import type * as AnnouncerModule from "../a11y/announcer.tsx";
import type * as DialogsModule from "./confirm-dialog.tsx";

/**
 * The confirm dialog's code (Radix's alert dialog) comes on a dialog's first open, not with the screen
 * (decision 029a). The test setup loads it for every other file; these tests start from fresh modules,
 * so the code has not arrived until a dialog asks for it.
 */
let dialogs: typeof DialogsModule;
let a11y: typeof AnnouncerModule;
beforeEach(async () => {
  vi.resetModules();
  dialogs = await import("./confirm-dialog.tsx");
  a11y = await import("../a11y/announcer.tsx");
});

function DeleteShow({ onConfirm }: { onConfirm: () => void }) {
  const { ConfirmDialog } = dialogs;
  return (
    <ConfirmDialog
      trigger={<button type="button">Delete show</button>}
      title="Delete this show?"
      description="It goes for good."
      confirmLabel="Delete"
      onConfirm={onConfirm}
    />
  );
}

describe("the confirm dialog loads on first open", () => {
  it("has no dialog code with the screen; the first press fetches it and opens the dialog, which works by keyboard", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<DeleteShow onConfirm={onConfirm} />);
    expect(dialogs.confirmDialogCode.loaded()).toBeUndefined();
    const trigger = screen.getByRole("button", { name: "Delete show" });
    expect(trigger.getAttribute("aria-haspopup")).toBe("dialog");

    await user.click(trigger);
    const dialog = await screen.findByRole("alertdialog", { name: "Delete this show?" });
    expect(dialogs.confirmDialogCode.loaded()).toBeDefined();
    expect(dialog.textContent).toContain("It goes for good.");
    // The safe choice has the focus; Escape closes and gives the focus back to the button pressed.
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Cancel"));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Delete show" }));
    expect(onConfirm).not.toHaveBeenCalled();

    // Loaded now: the next open is at once, and Tab then Enter confirms.
    await user.keyboard("{Enter}");
    expect(screen.getByRole("alertdialog", { name: "Delete this show?" })).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Cancel"));
    await user.tab();
    expect(document.activeElement?.textContent).toBe("Delete");
    await user.keyboard("{Enter}");
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });

  it("starts the download when the button is pointed at or focused, before any press", async () => {
    const user = userEvent.setup();
    render(<DeleteShow onConfirm={() => undefined} />);
    await user.tab();
    expect(document.activeElement?.textContent).toBe("Delete show");
    await waitFor(() => expect(dialogs.confirmDialogCode.loaded()).toBeDefined());
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("keeps the button the same element while the code arrives, so a press begun before it landed still opens the dialog", async () => {
    const user = userEvent.setup();
    const onConfirm = () => undefined;
    const { rerender } = render(<DeleteShow onConfirm={onConfirm} />);
    const before = screen.getByRole("button", { name: "Delete show" });
    // Pointing at the button fetches the code; the screen draws again once it has landed (as a clip's
    // row does while its upload moves on), before the press.
    await user.hover(before);
    await waitFor(() => expect(dialogs.confirmDialogCode.loaded()).toBeDefined());
    rerender(<DeleteShow onConfirm={onConfirm} />);
    expect(screen.getByRole("button", { name: "Delete show" })).toBe(before);
    expect(before.getAttribute("aria-expanded")).toBe("false");
    await user.click(before);
    expect(await screen.findByRole("alertdialog", { name: "Delete this show?" })).toBeTruthy();
    expect(before.isConnected).toBe(true);
    expect(before.getAttribute("aria-expanded")).toBe("true");
  });

  it("opens a dialog given only `open` once its code is here", async () => {
    const { ConfirmDialog } = dialogs;
    render(<ConfirmDialog open title="Your password, please" description="Staff confirm again." confirmLabel="Go on" onConfirm={() => undefined} />);
    expect(await screen.findByRole("alertdialog", { name: "Your password, please" })).toBeTruthy();
  });
});

describe("when the dialog's code cannot be fetched", () => {
  it("says so, and pressing again tries again and opens it", async () => {
    const user = userEvent.setup();
    // Every fetch fails (the Wi-Fi dropped), the one on pointing at the button and the one on pressing it.
    const load = vi.spyOn(dialogs.confirmDialogCode, "load").mockRejectedValue(new TypeError("Failed to fetch dynamically imported module"));
    const { Announcer } = a11y;
    const onConfirm = () => undefined;
    const screenWith = () => (
      <>
        <DeleteShow onConfirm={onConfirm} />
        <Announcer />
      </>
    );
    const { rerender } = render(screenWith());
    await user.click(screen.getByRole("button", { name: "Delete show" }));
    await waitFor(() => expect(document.querySelector("[data-announcer=assertive]")?.textContent).toBe(dialogs.DIALOG_UNAVAILABLE));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(screen.getByRole("button", { name: "Delete show" }).getAttribute("aria-busy")).toBeNull();

    // The Wi-Fi is back, and another dialog's press fetches the code: this one stays shut until pressed.
    load.mockRestore();
    await dialogs.confirmDialogCode.load();
    rerender(screenWith());
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Delete show" }));
    expect(await screen.findByRole("alertdialog", { name: "Delete this show?" })).toBeTruthy();
  });
});

describe("a dialog that says why its action failed", () => {
  it("stays open with the reason under its fields, closes once the action succeeds, and opens again without the old reason", async () => {
    const user = userEvent.setup();
    const { ConfirmDialog } = dialogs;
    const onConfirm = vi
      .fn<() => Promise<unknown>>()
      .mockRejectedValueOnce(new Error("This camper has left the camp."))
      .mockResolvedValueOnce(undefined);
    render(
      <ConfirmDialog
        trigger={<button type="button">New card</button>}
        title="Make a new card?"
        description="The old card stops working."
        confirmLabel="Make it"
        onConfirm={onConfirm}
        describeError={(error) => (error as Error).message}
      />,
    );
    await user.click(screen.getByRole("button", { name: "New card" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Make a new card?" });
    await user.click(within(dialog).getByRole("button", { name: "Make it" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("This camper has left the camp.");
    expect(screen.getByRole("alertdialog")).toBe(dialog);

    await user.click(within(dialog).getByRole("button", { name: "Make it" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(onConfirm).toHaveBeenCalledTimes(2);

    await user.click(screen.getByRole("button", { name: "New card" }));
    const again = await screen.findByRole("alertdialog", { name: "Make a new card?" });
    expect(within(again).queryByRole("alert")).toBeNull();
  });
});
