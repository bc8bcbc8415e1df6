import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useToasts } from "../../hooks/use-toast.ts";
import { buildUser } from "../../testing/builders.ts";
import { mockFetch } from "../../testing/http.ts";
import { renderAt } from "../../testing/render.tsx";
import { PricingPage } from "./PricingPage.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Shows the toast store's newest toast, to check its variant. */
function ToastVariant() {
  const [latest] = useToasts();
  return <output data-testid="toast-variant">{latest?.open ? (latest.variant ?? "default") : ""}</output>;
}

function renderPricing() {
  return renderAt(
    "/pricing",
    <>
      <PricingPage />
      <ToastVariant />
    </>,
  );
}

function planCard(name: string): HTMLElement {
  const card = screen.getByRole("heading", { level: 2, name }).closest("li");
  if (!card) throw new Error(`no card for ${name}`);
  return card;
}

describe("Pricing", () => {
  it("shows the three plans (Free, Corporate, Events) with their prices", async () => {
    mockFetch({ user: null });
    renderPricing();
    expect(screen.getByRole("heading", { level: 1, name: "Plans" })).toBeTruthy();
    await screen.findByText("Authentication required");
    expect(within(planCard("Free")).getByText("$0")).toBeTruthy();
    expect(within(planCard("Free")).getByText("Up to 20 shows")).toBeTruthy();
    expect(within(planCard("Corporate")).getByText("$19")).toBeTruthy();
    expect(within(planCard("Corporate")).getByText("per user per month")).toBeTruthy();
    expect(within(planCard("Events")).getByText("$5,000")).toBeTruthy();
    expect(within(planCard("Events")).getByText("$500 per extra session")).toBeTruthy();
  });

  it("asks anonymous visitors to sign in and sends every plan button to /auth", async () => {
    mockFetch({ user: null });
    renderPricing();
    expect(await screen.findByText("Authentication required")).toBeTruthy();
    expect(screen.getByText("Please sign in to view subscription options")).toBeTruthy();
    expect(within(planCard("Free")).getByRole("link", { name: "Get started" }).getAttribute("href")).toBe("/auth");
    expect(within(planCard("Corporate")).getByRole("link", { name: "Choose Corporate" }).getAttribute("href")).toBe(
      "/auth",
    );
    expect(within(planCard("Events")).getByRole("link", { name: "Choose Events" }).getAttribute("href")).toBe("/auth");
    expect(screen.queryByRole("button", { name: "Current Plan" })).toBeNull();
  });

  it("disables the Current Plan button of a corporate user and offers the others", async () => {
    mockFetch({ user: buildUser({ subscriptionTier: "corporate" }) });
    renderPricing();
    const current = await within(planCard("Corporate")).findByRole("button", { name: "Current Plan" });
    expect((current as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getAllByRole("button", { name: "Current Plan" })).toHaveLength(1);
    expect(screen.queryByText("Authentication required")).toBeNull();
    expect((within(planCard("Free")).getByRole("button", { name: "Get started" }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it("marks the free plan as current for a free user", async () => {
    mockFetch({ user: buildUser({ subscriptionTier: "free" }) });
    renderPricing();
    const current = await within(planCard("Free")).findByRole("button", { name: "Current Plan" });
    expect((current as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the 'Coming Soon' toast (not destructive) for another plan", async () => {
    mockFetch({ user: buildUser({ subscriptionTier: "free" }) });
    const user = userEvent.setup();
    renderPricing();
    await user.click(await within(planCard("Events")).findByRole("button", { name: "Choose Events" }));
    expect(await screen.findByText("Coming Soon")).toBeTruthy();
    expect(screen.getByText("Payment processing will be available soon")).toBeTruthy();
    expect(screen.getByTestId("toast-variant").textContent).toBe("default");
  });
});
