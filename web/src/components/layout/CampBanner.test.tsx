import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { APP_INFO_ELEMENT_ID } from "../../../../contracts/page-data.ts";
import { createQueryClient } from "../../api/client.ts";
import { CampBanner } from "./CampBanner.tsx";

function renderBanner() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <CampBanner />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  document.getElementById(APP_INFO_ELEMENT_ID)?.remove();
  vi.unstubAllGlobals();
});

describe("the camp banner", () => {
  it("shows the camp the served page carries, asking the API nothing", () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const carried = document.createElement("script");
    carried.type = "application/json";
    carried.id = APP_INFO_ELEMENT_ID;
    carried.textContent = JSON.stringify({ productName: "Summer Stories", campTitle: "Lake Camp", campYear: 2026 });
    document.head.append(carried);
    renderBanner();
    expect(screen.getByText("Lake Camp 2026")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("asks the API, checked against the contract, when the page carries nothing (the development server's page)", async () => {
    const fetch = vi.fn(async () => Response.json({ productName: "Summer Stories", campTitle: "River Camp", campYear: 2027 }));
    vi.stubGlobal("fetch", fetch);
    renderBanner();
    expect(await screen.findByText("River Camp 2027")).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith("/api/app-info", expect.objectContaining({ credentials: "include" }));
  });
});
