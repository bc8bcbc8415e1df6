import { act, render, screen } from "@testing-library/react";
import { Suspense, useEffect } from "react";
import { describe, expect, it } from "vitest";
import { lazyPage } from "./lazy-page.ts";

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

  it("shows the fallback until the code arrives, then keeps the same page mounted as it renders again", async () => {
    mounts = 0;
    let arrive!: () => void;
    const LazyPage = lazyPage(() => new Promise<{ Page: typeof Page }>((resolve) => (arrive = () => resolve({ Page }))), "Page");
    const view = render(inSuspense(<LazyPage label="first" />));
    expect(screen.getByText("loading")).toBeTruthy();
    await act(async () => arrive());
    expect(await screen.findByRole("heading", { name: "first" })).toBeTruthy();
    view.rerender(inSuspense(<LazyPage label="second" />));
    expect(screen.getByRole("heading", { name: "second" })).toBeTruthy();
    expect(mounts).toBe(1);
  });
});
