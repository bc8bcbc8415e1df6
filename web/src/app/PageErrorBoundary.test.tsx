import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Link, Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { PAGE_BROKE, PageErrorBoundary } from "./PageErrorBoundary.tsx";

function Broken(): never {
  throw new Error("a bug");
}

function Shell() {
  const [location] = useState(() => memoryLocation({ path: "/broken" }));
  return (
    <Router hook={location.hook}>
      <nav>
        <Link href="/shows">Your shows</Link>
      </nav>
      <PageErrorBoundary>
        <Route path="/broken" component={Broken} />
        <Route path="/shows">
          <h1>Your shows</h1>
        </Route>
      </PageErrorBoundary>
    </Router>
  );
}

describe("a page that fails to draw", () => {
  it("takes only itself down: the links stay, and the next page draws afresh", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      render(<Shell />);
      expect(screen.getByRole("heading", { level: 1, name: PAGE_BROKE.title })).toBeTruthy();
      expect(screen.getByRole("alert").textContent).toContain(PAGE_BROKE.detail);
      expect(screen.getByRole("button", { name: "Reload" })).toBeTruthy();
      await userEvent.click(screen.getByRole("link", { name: "Your shows" }));
      expect(await screen.findByRole("heading", { name: "Your shows" })).toBeTruthy();
      expect(screen.queryByRole("alert")).toBeNull();
    } finally {
      quiet.mockRestore();
    }
  });
});
