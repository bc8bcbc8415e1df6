import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { KEYBOARD_DRAG_STEP_PX } from "../../../../contracts/product.ts";
import { Harness, item, photoItem, stubClipListDom, titles } from "./clip-list-test-helpers.tsx";
import { clipAnnouncements, keyboardCoordinates } from "./ClipList.tsx";

describe("ClipList: reordering by mouse and keyboard", () => {
  stubClipListDom();

  it("moves 25 px per arrow key", () => {
    const at = { x: 10, y: 100 };
    const key = (code: string) => keyboardCoordinates(new KeyboardEvent("keydown", { code }), {
      active: "a",
      currentCoordinates: at,
      context: {} as never,
    });
    expect(key("ArrowDown")).toEqual({ x: 10, y: 100 + KEYBOARD_DRAG_STEP_PX });
    expect(key("ArrowUp")).toEqual({ x: 10, y: 100 - KEYBOARD_DRAG_STEP_PX });
    expect(key("ArrowLeft")).toEqual({ x: 10 - KEYBOARD_DRAG_STEP_PX, y: 100 });
    expect(key("KeyA")).toBeUndefined();
  });

  it("announces pick-up, moves and drops with titles and positions", () => {
    const a = clipAnnouncements([item(1), item(2), item(3)]);
    const active = { id: "clip-2" } as never;
    expect(a.onDragStart({ active })).toBe("Picked up Recording 2. Position 2 of 3.");
    expect(a.onDragOver({ active, over: { id: "clip-2" } as never })).toBeUndefined();
    expect(a.onDragOver({ active, over: { id: "clip-1" } as never })).toBe("Recording 2 moved to position 1 of 3.");
    expect(a.onDragEnd({ active, over: { id: "clip-1" } as never })).toBe("Recording 2 dropped at position 1 of 3.");
    expect(a.onDragCancel({ active, over: null })).toBe("Reordering cancelled. Recording 2 went back to position 2 of 3.");
  });

  it("reorders by keyboard: Space picks up, arrows move, Space drops; Escape cancels", async () => {
    const user = userEvent.setup();
    render(<Harness initial={[item(1), item(2), item(3)]} />);
    expect(titles()).toEqual(["Recording 1", "Recording 2", "Recording 3"]);

    const handle = screen.getByRole("button", { name: "Reorder Recording 3" });
    handle.focus();
    await user.keyboard("[Space]");
    await act(() => new Promise((r) => setTimeout(r, 10)));
    expect(document.body.textContent).toContain("Picked up Recording 3. Position 3 of 3.");
    // Two rows up: 120 px at 25 px a press.
    await user.keyboard("[ArrowUp]");
    await user.keyboard("[ArrowUp]");
    expect(document.body.textContent).toContain("Recording 3 moved to position 2 of 3.");
    for (let i = 0; i < 3; i++) await user.keyboard("[ArrowUp]");
    expect(document.body.textContent).toContain("Recording 3 moved to position 1 of 3.");
    await user.keyboard("[Space]");
    expect(titles()).toEqual(["Recording 3", "Recording 1", "Recording 2"]);
    expect(document.body.textContent).toContain("Recording 3 dropped at position 1 of 3.");

    const second = screen.getByRole("button", { name: "Reorder Recording 2" });
    second.focus();
    await user.keyboard("[Enter]");
    await act(() => new Promise((r) => setTimeout(r, 10)));
    for (let i = 0; i < 5; i++) await user.keyboard("[ArrowUp]");
    await user.keyboard("[Escape]");
    expect(titles()).toEqual(["Recording 3", "Recording 1", "Recording 2"]);
    expect(document.body.textContent).toContain("Reordering cancelled. Recording 2 went back to position 3 of 3.");
  });


  it("reorders a photo by keyboard like a clip", async () => {
    const user = userEvent.setup();
    render(<Harness initial={[item(1), item(2), photoItem()]} />);
    screen.getByRole("button", { name: "Reorder Lake at dawn" }).focus();
    await user.keyboard("[Space]");
    await act(() => new Promise((r) => setTimeout(r, 10)));
    for (let i = 0; i < 5; i++) await user.keyboard("[ArrowUp]");
    await user.keyboard("[Space]");
    expect(screen.getAllByTestId("clip-row").map((row) => row.querySelector("[data-clip-title]")!.textContent)).toEqual([
      "Lake at dawn",
      "Recording 1",
      "Recording 2",
    ]);
    expect(document.body.textContent).toContain("Lake at dawn dropped at position 1 of 3.");
  });

});
