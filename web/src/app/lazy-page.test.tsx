import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Suspense, useEffect } from "react";
import { describe, expect, it } from "vitest";
import { lazyPage } from "./lazy-page.ts";
import { PAGE_UNAVAILABLE } from "./PageUnavailable.tsx";

let mounts = 0;
function Page({ label }: { label: string }) {
  useEffect(() => {
    mounts++;
  }, []);
  return <h1>{label}</h1>;
}

const inSuspense = (element: React.ReactNode) => <Suspense fallback={<p>loading</p>}>{element}</Suspense>;

describe("lazyPage", () => {
  it("renders a page whose code has arrived at once, never its fallback", async () => {
    const LazyPage = lazyPage(async () => ({ Page }), "Page");
    await LazyPage.preload();
    render(inSuspense(<LazyPage label="Lake Day" />));
    // Synchronously after the render: no suspension, so nothing holds the page behind the fallback.
    expect(screen.getByRole("heading", { name: "Lake Day" })).toBeTruthy();
    expect(screen.queryByText("loading")).toBeNull();
  });

  it("shows its fallback until the code arrives, then keeps the same page mounted as it renders again", async () => {
    mounts = 0;
    let arrive!: () => void;
    const LazyPage = lazyPage(() => new Promise<{ Page: typeof Page }>((resolve) => (arrive = () => resolve({ Page }))), "Page", () => <p>loading</p>);
    // No Suspense boundary needed: the page never suspends (React would hold a suspended page back 300 ms).
    const view = render(<LazyPage label="first" />);
    expect(screen.getByText("loading")).toBeTruthy();
    await act(async () => arrive());
    expect(screen.getByRole("heading", { name: "first" })).toBeTruthy();
    expect(screen.queryByText("loading")).toBeNull();
    view.rerender(<LazyPage label="second" />);
    expect(screen.getByRole("heading", { name: "second" })).toBeTruthy();
    expect(mounts).toBe(1);
  });

  it("says so in the page's place when its code could not be fetched, and Try again fetches it once more", async () => {
    let attempts = 0;
    const LazyPage = lazyPage(async () => {
      attempts++;
      if (attempts === 1) throw new Error("the connection dropped");
      return { Page };
    }, "Page");
    render(
      <>
        <nav>Header</nav>
        <LazyPage label="Lake Day" />
      </>,
    );
    expect((await screen.findByRole("alert")).textContent).toContain(PAGE_UNAVAILABLE.detail);
    expect(screen.getByRole("heading", { level: 1, name: PAGE_UNAVAILABLE.title })).toBeTruthy();
    // The rest of the app stays on screen.
    expect(screen.getByText("Header")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Lake Day" })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(attempts).toBe(2);
  });
});
