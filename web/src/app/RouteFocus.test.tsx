import { act, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { navigate } from "wouter/use-browser-location";
import { RouteFocus } from "./RouteFocus.tsx";

afterEach(() => window.history.replaceState(null, "", "/"));

function Page({ hiddenOld }: { hiddenOld: boolean }) {
  return (
    <main id="main">
      {/* The old page React keeps mounted but hidden while the new one loads. */}
      {hiddenOld && (
        <div style={{ display: "none" }}>
          <h1>Old page</h1>
        </div>
      )}
      <h1>New page</h1>
    </main>
  );
}

describe("RouteFocus", () => {
  it("moves focus to the new page's visible h1 after a route change, not to a hidden old one", () => {
    const view = render(
      <>
        <Page hiddenOld={false} />
        <RouteFocus />
      </>,
    );
    // jsdom has no layout; a hidden page is told apart by checkVisibility, as Chromium does.
    const proto = HTMLElement.prototype as unknown as { checkVisibility?: () => boolean };
    const had = proto.checkVisibility;
    proto.checkVisibility = function (this: HTMLElement) {
      return this.closest("[style*='display: none']") === null;
    };
    try {
      view.rerender(
        <>
          <Page hiddenOld />
          <RouteFocus />
        </>,
      );
      act(() => navigate("/shows"));
      expect(document.activeElement?.textContent).toBe("New page");
    } finally {
      proto.checkVisibility = had;
    }
  });
});
