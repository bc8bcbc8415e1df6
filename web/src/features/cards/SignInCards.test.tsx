import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { create } from "qrcode";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import { json, mockFetch, type FetchCall } from "../../testing/http.ts";
import { renderAt } from "../../testing/render.tsx";
import { buildUser } from "../../testing/builders.ts";
import { CabinCardsPage } from "./CabinCardsPage.tsx";
import { ReissueCardButton } from "../../components/staff/ReissueCardButton.tsx";
import { SignInCards, type PrintableCard } from "../../components/staff/SignInCards.tsx";
import { qrSvgPath } from "../../lib/qr-svg.ts";

afterEach(() => vi.unstubAllGlobals());

const card = (firstName: string, code: string): PrintableCard => ({ firstName, cabin: "Pines", session: "July", code });

describe("SignInCards", () => {
  it("prints each camper's first name, cabin, session and code, and a QR code of the /card link with the code in its fragment", () => {
    render(<SignInCards cards={[card("Zoë", "KQ7M-3XPR")]} origin="https://camp.example" />);
    const printed = screen.getByRole("article", { name: "Sign-in card for Zoë" });
    expect(within(printed).getByText("Zoë")).toBeTruthy();
    expect(within(printed).getByText("Pines · July")).toBeTruthy();
    expect(within(printed).getByTestId("card-code").textContent).toBe("KQ7M-3XPR");

    const url = "https://camp.example/card#KQ7M-3XPR";
    // What the qrcode library encodes for that text is the whole link: its segments (bytes, then the code
    // in the denser alphanumeric mode) read back, joined, as the link.
    const segments = create(url, { errorCorrectionLevel: "M" }).segments as unknown as { data: string | Uint8Array }[];
    expect(segments.map((s) => (typeof s.data === "string" ? s.data : new TextDecoder().decode(s.data))).join("")).toBe(url);
    const qr = within(printed).getByRole("img", { name: "QR code that signs Zoë in" });
    expect(qr.querySelector("path")!.getAttribute("d")).toBe(qrSvgPath(url).path);
    expect(qr.getAttribute("viewBox")).toBe(`0 0 ${qrSvgPath(url).size} ${qrSvgPath(url).size}`);
  });

  it("draws every dark module of the symbol and nothing else, inside a quiet zone", () => {
    const url = "https://camp.example/card#ABCD-EFGH";
    const { modules } = create(url, { errorCorrectionLevel: "M" });
    const { path, size } = qrSvgPath(url);
    const dark = [...path.matchAll(/M(\d+) (\d+)/g)].map(([, x, y]) => `${Number(y) - 4},${Number(x) - 4}`);
    const expected: string[] = [];
    for (let r = 0; r < modules.size; r++) for (let c = 0; c < modules.size; c++) if (modules.get(r, c)) expected.push(`${r},${c}`);
    expect(dark).toEqual(expected);
    expect(size).toBe(modules.size + 8);
  });

  it("puts eight cards on a sheet, so a cabin of nine prints on two pages", async () => {
    const cards = Array.from({ length: 9 }, (_, i) => card(`Camper ${i + 1}`, `ABCD-EFG${"HJKMNPQRS"[i]}`));
    const { container } = render(<SignInCards cards={cards} origin="https://camp.example" />);
    const sheets = container.querySelectorAll(".sign-in-sheet");
    expect([...sheets].map((s) => s.querySelectorAll(".sign-in-card").length)).toEqual([8, 1]);
    expect(screen.getByRole("region", { name: "Sheet 2 of 2" })).toBeTruthy();
    const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});

const issued = { userId: 7, firstName: "Zoë", lastInitial: "O", username: "zoe_o", cabin: "Pines", session: null, code: "KQ7M-3XPR" };

describe("ReissueCardButton", () => {
  it("asks first (the old card stops working), then shows the new card with a Print button", async () => {
    const { calls } = mockFetch({
      user: buildUser({ role: "counselor" }),
      handler: ({ method, url }: FetchCall) => (method === "POST" && url.pathname === "/api/staff/campers/7/card" ? json({ card: issued }) : undefined),
    });
    renderAt("/staff", <ReissueCardButton camperId={7} firstName="Zoë" />);
    await userEvent.click(screen.getByRole("button", { name: "New sign-in card" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toMatch(/old card will stop working at once/);
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    await userEvent.click(within(dialog).getByRole("button", { name: "Make a new card" }));
    expect(await screen.findByRole("article", { name: "Sign-in card for Zoë" })).toBeTruthy();
    expect(screen.getByTestId("card-code").textContent).toBe("KQ7M-3XPR");
    const print = vi.fn();
    vi.stubGlobal("print", print);
    await userEvent.click(screen.getByRole("button", { name: "Print card" }));
    expect(print).toHaveBeenCalledOnce();
  });
});

describe("/staff/cabins/:id/cards", () => {
  it("issues the cabin's sheet after a confirm that warns the old cards stop working", async () => {
    const { calls } = mockFetch({
      user: buildUser({ role: "admin" }),
      handler: ({ method, url }: FetchCall) =>
        method === "POST" && url.pathname === "/api/staff/cabins/3/cards" ? json({ cards: [issued, { ...issued, userId: 8, firstName: "Ana", code: "ABCD-EFGH" }] }) : undefined,
    });
    renderAt("/staff/cabins/3/cards", <Route path="/staff/cabins/:id/cards" component={CabinCardsPage} />);
    expect(screen.getByText(/Their old cards stop working at once/)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Make new cards" }));
    const dialog = await screen.findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Make new cards" }));
    expect(await screen.findByRole("heading", { name: "Sign-in cards: Pines" })).toBeTruthy();
    expect(screen.getAllByRole("article").map((a) => a.getAttribute("aria-label"))).toEqual(["Sign-in card for Zoë", "Sign-in card for Ana"]);
    expect(screen.getByRole("button", { name: "Print cards" })).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
  });
});
