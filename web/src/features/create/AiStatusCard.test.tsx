import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AiStatus } from "../../../../contracts/ai.ts";
import { json } from "../../testing/http.ts";
import { mockFetch } from "../../testing/ai.tsx";
import { renderWithProviders } from "../../testing/render.tsx";
import { AiStatusCard } from "./AiStatusCard.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

const ready: AiStatus = {
  status: "ok",
  message: "The built-in writer is ready.",
  available: true,
  model: "offline-writer-1",
  errorCode: null,
  provider: "offline",
};

describe("AiStatusCard", () => {
  it("checks once on mount and shows the provider, model and a Ready badge", async () => {
    const { callsTo } = mockFetch((call) => (call.path === "/api/ai/status" ? json(ready) : undefined));
    renderWithProviders(<AiStatusCard />);
    expect(await screen.findByText("Built-in offline writer")).toBeTruthy();
    expect(screen.getByText("offline-writer-1")).toBeTruthy();
    expect(screen.getByTestId("ai-status-badge").textContent).toBe("Ready");
    expect(screen.queryByRole("note", { name: "Rate limit tips" })).toBeNull();
    expect(callsTo("/api/ai/status")).toHaveLength(1);
  });

  it("shows the Rate Limited badge, the hint box and an 'OpenAI API Issue' toast for errorCode 429", async () => {
    const limited: AiStatus = {
      status: "error",
      message: "The AI provider is rate limiting requests.",
      available: false,
      model: "gpt-4o-mini",
      errorCode: 429,
      provider: "openai",
    };
    mockFetch((call) => (call.path === "/api/ai/status" ? json(limited) : undefined));
    renderWithProviders(<AiStatusCard />);

    const hint = await screen.findByRole("note", { name: "Rate limit tips" });
    expect(screen.getByTestId("ai-status-badge").textContent).toBe("Rate Limited");
    expect(within(hint).getByText(/Wait 1-2 minutes/)).toBeTruthy();
    expect(within(hint).getByText(/less often/)).toBeTruthy();
    expect(within(hint).getByText(/upgrading the AI provider plan/)).toBeTruthy();
    expect(within(hint).getByText(/provider's dashboard/)).toBeTruthy();
    expect(await screen.findByText("OpenAI API Issue")).toBeTruthy();
    expect(screen.getAllByText("The AI provider is rate limiting requests.").length).toBeGreaterThan(0);
  });

  it("treats a status answer in a shape it does not know as a failed check, not as a status", async () => {
    mockFetch((call) => (call.path === "/api/ai/status" ? json({ status: "ok", available: "yes" }) : undefined));
    renderWithProviders(<AiStatusCard />);
    expect(await screen.findByText("Failed to check API status")).toBeTruthy();
    expect(screen.getByTestId("ai-status-badge").textContent).toBe("Unavailable");
    expect(await screen.findByText("Connection Error")).toBeTruthy();
  });

  it("on a network failure says 'Failed to check API status' and toasts 'Connection Error'; Check again recovers", async () => {
    const user = userEvent.setup();
    let fail = true;
    const { callsTo } = mockFetch((call) =>
      call.path === "/api/ai/status" ? (fail ? Promise.reject(new TypeError("Failed to fetch")) : json(ready)) : undefined,
    );
    renderWithProviders(<AiStatusCard />);
    expect(await screen.findByText("Failed to check API status")).toBeTruthy();
    expect(screen.getByText("Connection Error")).toBeTruthy();
    expect(screen.getByText("Could not check OpenAI API status")).toBeTruthy();
    expect(screen.getByTestId("ai-status-badge").textContent).toBe("Unavailable");

    fail = false;
    await user.click(screen.getByRole("button", { name: "Check again" }));
    await vi.waitFor(() => expect(screen.getByTestId("ai-status-badge").textContent).toBe("Ready"));
    expect(screen.queryByText("Failed to check API status")).toBeNull();
    expect(callsTo("/api/ai/status")).toHaveLength(2);
  });
});
