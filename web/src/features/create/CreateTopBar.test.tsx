import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { describe, expect, it } from "vitest";
import { LENGTH_MESSAGES, type VideoFormatKey } from "../../../../contracts/product.ts";
import { clampLength, DEFAULT_SETTINGS, type CreateSettings } from "./create-settings.ts";
import { CreateTopBar } from "./CreateTopBar.tsx";

/** The bar with its settings held as the Create page holds them (every change through clampLength). */
function Harness({ format = "linkedin" as VideoFormatKey, saved }: { format?: VideoFormatKey; saved: number[] }) {
  const [settings, setSettings] = useState<CreateSettings>({ ...DEFAULT_SETTINGS, videoFormat: format });
  return (
    <Router hook={memoryLocation({ path: "/create" }).hook}>
      <CreateTopBar
        settings={settings}
        onToneChange={() => undefined}
        onFormatChange={() => undefined}
        onLengthChange={(seconds) => {
          const kept = clampLength(seconds, settings.videoFormat);
          saved.push(kept);
          setSettings((s) => ({ ...s, lengthSeconds: kept }));
        }}
      />
    </Router>
  );
}

const box = () => screen.getByLabelText<HTMLInputElement>("Length in seconds");

async function typeLength(user: ReturnType<typeof userEvent.setup>, value: string) {
  await user.clear(box());
  await user.type(box(), `${value}{Enter}`);
}

describe("the story length box", () => {
  it("keeps a typed 45 s as 45 s, with nothing to explain", async () => {
    const user = userEvent.setup();
    const saved: number[] = [];
    render(<Harness saved={saved} />);
    await typeLength(user, "45");
    expect(saved).toEqual([45]);
    expect(box().value).toBe("45");
    expect(screen.getByText("Length: 45 s", { selector: "label" })).toBeTruthy();
    expect(screen.getByTestId("length-note").textContent).toBe("");
    expect(box().hasAttribute("aria-describedby")).toBe(false);
  });

  it("says beside the box why a length changed: too short, too long for the format, part seconds", async () => {
    const user = userEvent.setup();
    const saved: number[] = [];
    render(<Harness format="tiktok" saved={saved} />);
    const note = screen.getByTestId("length-note");

    await typeLength(user, "20");
    expect(box().value).toBe("30");
    expect(note.textContent).toBe(LENGTH_MESSAGES.tooShort(30));
    expect(note.getAttribute("role")).toBe("status");
    expect(box().getAttribute("aria-describedby")).toBe(note.id);

    await typeLength(user, "400");
    expect(box().value).toBe("180");
    expect(note.textContent).toBe(LENGTH_MESSAGES.tooLong("TikTok", "3 min"));

    await typeLength(user, "47.6");
    expect(box().value).toBe("48");
    expect(note.textContent).toBe(LENGTH_MESSAGES.wholeSeconds(48));
    expect(saved).toEqual([30, 180, 48]);

    // A length that needs no change clears the note.
    await typeLength(user, "75");
    expect(note.textContent).toBe("");
    expect(saved).toEqual([30, 180, 48, 75]);
  });

  it("puts the length back, unchanged, when the box is left empty", async () => {
    const user = userEvent.setup();
    const saved: number[] = [];
    render(<Harness saved={saved} />);
    await user.clear(box());
    await user.tab();
    expect(box().value).toBe("120");
    expect(saved).toEqual([]);
  });
});
