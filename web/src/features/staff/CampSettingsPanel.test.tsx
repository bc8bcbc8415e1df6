import { fireEvent, screen } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CAMP_SETTINGS_MESSAGES, type CampSettings } from "../../../../contracts/camp-settings.ts";
import { contrastRatio } from "../../../../contracts/colour-contrast.ts";
import { DEFAULT_CAMP_COLOURS } from "../../../../contracts/video-style.ts";
import { buildUser } from "../../testing/builders.ts";
import { json, mockFetch } from "../../testing/http.ts";
import { renderAt } from "../../testing/render.tsx";
import { CampSettingsPanel } from "./CampSettingsPanel.tsx";

afterEach(() => vi.unstubAllGlobals());

const SAVED: CampSettings = {
  campName: "Camp Loon Lake",
  camperIdleMinutes: 15,
  colour: DEFAULT_CAMP_COLOURS.background,
  accentColour: DEFAULT_CAMP_COLOURS.accent,
  updatedAt: null,
};

/** The camp settings endpoint as the server answers it: GET the saved settings, PUT takes them (minutes 4 refused). */
function serveSettings(saved: CampSettings = SAVED) {
  return mockFetch({
    user: buildUser({ role: "admin" }),
    handler: ({ method, url, body }) => {
      if (url.pathname !== "/api/staff/camp-settings") return undefined;
      if (method === "GET") return json(saved);
      const sent = JSON.parse(body ?? "{}") as CampSettings;
      if (sent.camperIdleMinutes === 4) return json({ message: CAMP_SETTINGS_MESSAGES.idleMinutes }, { status: 400 });
      return json({ ...saved, ...sent, updatedAt: "2026-07-01T10:00:00.000Z" });
    },
  });
}

const puts = (calls: ReturnType<typeof mockFetch>["calls"]) => calls.filter((c) => c.method === "PUT").map((c) => JSON.parse(c.body ?? "{}") as CampSettings);

describe("Camp settings panel", () => {
  it("shows the saved settings, says why the server refuses a value, and saves a good one", async () => {
    const { calls } = serveSettings();
    renderAt("/staff", <CampSettingsPanel />);
    const name = screen.getByLabelText("Camp name");
    await vi.waitFor(() => expect((name as HTMLInputElement).value).toBe("Camp Loon Lake"));
    const minutes = screen.getByLabelText("Sign campers out after (minutes away)") as HTMLInputElement;
    expect(minutes.value).toBe("15");
    expect(minutes.getAttribute("aria-describedby")).toBeTruthy();

    fireEvent.change(minutes, { target: { value: "4" } });
    fireEvent.click(screen.getByRole("button", { name: "Save camp settings" }));
    expect((await screen.findByRole("alert")).textContent).toBe(CAMP_SETTINGS_MESSAGES.idleMinutes);

    fireEvent.change(name, { target: { value: "Camp Wren" } });
    fireEvent.change(minutes, { target: { value: "30" } });
    fireEvent.click(screen.getByRole("button", { name: "Save camp settings" }));
    expect((await screen.findByText("Camp settings saved.")).getAttribute("role")).toBe("status");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(puts(calls).at(-1)).toEqual({ campName: "Camp Wren", camperIdleMinutes: 30, colour: "#12355b", accentColour: "#ffd166" });
  });

  it("saves the card and accent colours, typed or picked, shown on a title card preview", async () => {
    const { calls } = serveSettings();
    renderAt("/staff", <CampSettingsPanel />);
    const card = screen.getByLabelText("Card colour") as HTMLInputElement;
    await vi.waitFor(() => expect((screen.getByLabelText("Camp name") as HTMLInputElement).value).toBe("Camp Loon Lake"));
    expect(card.value).toBe("#12355b");
    const preview = screen.getByTestId("title-card-preview");
    expect(preview.textContent).toContain("Camp Loon Lake");
    expect(screen.queryByTestId("contrast-warning")).toBeNull();

    fireEvent.change(card, { target: { value: "#2A0845" } });
    fireEvent.change(screen.getByLabelText("Colour picker: accent"), { target: { value: "#ff8c42" } });
    expect((screen.getByLabelText("Accent colour") as HTMLInputElement).value).toBe("#ff8c42");
    expect((screen.getByLabelText("Colour picker: card") as HTMLInputElement).value).toBe("#2a0845");
    expect(screen.getByTestId("title-card-background").getAttribute("fill")).toBe("#2a0845");
    expect(screen.getByTestId("title-card-banner").getAttribute("fill")).toBe("#ff8c42");
    expect(preview.getAttribute("aria-label")).toBe("The title in white on #2a0845, the camp's name on a #ff8c42 banner");

    fireEvent.click(screen.getByRole("button", { name: "Save camp settings" }));
    await screen.findByText("Camp settings saved.");
    expect(puts(calls).at(-1)).toMatchObject({ colour: "#2a0845", accentColour: "#ff8c42" });
  });

  it("warns inline when the card's text would be hard to read, and refuses an unfinished colour", async () => {
    const { calls } = serveSettings();
    renderAt("/staff", <CampSettingsPanel />);
    const card = screen.getByLabelText("Card colour") as HTMLInputElement;
    await vi.waitFor(() => expect((screen.getByLabelText("Camp name") as HTMLInputElement).value).toBe("Camp Loon Lake"));
    expect(card.value).toBe("#12355b");

    // A mid grey: neither white nor near-black text reaches 4.5:1 on it.
    fireEvent.change(card, { target: { value: "#777777" } });
    const warnings = screen.getAllByTestId("contrast-warning").map((w) => w.textContent);
    expect(warnings[0]).toMatch(/title on the card colour has a contrast of 4\.\d:1, under 4\.5:1/);
    // The warnings are the colour fields' description, so a screen reader hears them there too.
    expect(card.getAttribute("aria-describedby")).toContain(screen.getAllByTestId("contrast-warning")[0]!.parentElement!.id);
    // A dark card colour with a mid-grey accent: the banner's text is the one that can't be read.
    fireEvent.change(card, { target: { value: "#12355b" } });
    fireEvent.change(screen.getByLabelText("Accent colour"), { target: { value: "#777777" } });
    expect(screen.getAllByTestId("contrast-warning").map((w) => w.textContent)).toEqual([expect.stringMatching(/camp's name on the accent colour/)]);

    fireEvent.change(card, { target: { value: "#12a" } });
    fireEvent.click(screen.getByRole("button", { name: "Save camp settings" }));
    expect(card.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(/Write the colour as # and six hex digits/)).toBeTruthy();
    expect(puts(calls)).toEqual([]);
  });

  it("has no axe violations with a contrast warning showing", { timeout: 15_000 }, async () => {
    serveSettings({ ...SAVED, colour: "#777777" });
    const { container } = renderAt("/staff", <CampSettingsPanel />);
    await screen.findAllByTestId("contrast-warning");
    const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });
});

describe("contrast of card colours", () => {
  it("follows WCAG 2's formula", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#777777")).toBe(1);
    // #767676 is the lightest grey that reads at 4.5:1 on white.
    expect(contrastRatio("#767676", "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio("#777777", "#ffffff")).toBeLessThan(4.5);
  });
});
