import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { REFLECTION_GUIDE_LOADING_MS } from "../../../../contracts/product.ts";
import { REFLECTION_PROMPTS } from "../../../../contracts/reflection.ts";
import { ReflectionGuide } from "./ReflectionGuide.tsx";

afterEach(() => vi.useRealTimers());

describe("the reflection guide", () => {
  it("says it is getting ready for half a second with its tabs laid out but out of reach, then offers the five tabs", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    render(<ReflectionGuide answers={REFLECTION_PROMPTS.map(() => "")} onAnswerChange={() => undefined} />);
    expect(screen.getByText("Preparing reflection guide...")).toBeTruthy();
    // Laid out (so the card already has its full height), yet neither seen, read nor reachable by Tab.
    const tabs = document.querySelector('[aria-label="Reflection prompts"]')!.closest("[inert]") as HTMLElement;
    expect(tabs.style.visibility).toBe("hidden");
    expect(screen.queryAllByRole("tab")).toHaveLength(0);

    act(() => vi.advanceTimersByTime(REFLECTION_GUIDE_LOADING_MS));
    expect(screen.queryByText("Preparing reflection guide...")).toBeNull();
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual(REFLECTION_PROMPTS.map((p) => p.label));
    expect(screen.getByRole("tab", { name: REFLECTION_PROMPTS[0].label }).closest("[inert]")).toBeNull();
  });
});
