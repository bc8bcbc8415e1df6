import { afterEach, describe, expect, it } from "vitest";
import { stylesheetSingleton } from "./style-singleton.ts";

/** jsdom has constructed stylesheets but not `document.adoptedStyleSheets`; Chromium has both. */
function withAdoptedStyleSheets() {
  let adopted: CSSStyleSheet[] = [];
  Object.defineProperty(document, "adoptedStyleSheets", { configurable: true, get: () => adopted, set: (sheets: CSSStyleSheet[]) => (adopted = sheets) });
  return () => adopted;
}

afterEach(() => {
  delete (document as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
  document.head.innerHTML = "";
});

describe("stylesheetSingleton", () => {
  it("adopts the styles as a constructed stylesheet while someone holds them, with no <style> element", () => {
    const adopted = withAdoptedStyleSheets();
    const singleton = stylesheetSingleton();
    singleton.add("body { overflow: hidden; }");
    singleton.add("body { overflow: hidden; }");
    expect(adopted()).toHaveLength(1);
    expect([...adopted()[0]!.cssRules].map((rule) => rule.cssText)).toEqual(["body { overflow: hidden; }"]);
    expect(document.querySelectorAll("style")).toHaveLength(0);
    singleton.remove();
    expect(adopted()).toHaveLength(1);
    singleton.remove();
    expect(adopted()).toEqual([]);
  });

  it("falls back to a <style> element where a browser cannot adopt stylesheets", () => {
    const singleton = stylesheetSingleton();
    singleton.add("body { overflow: hidden; }");
    expect(document.head.querySelector("style")?.textContent).toBe("body { overflow: hidden; }");
    singleton.remove();
    expect(document.querySelectorAll("style")).toHaveLength(0);
  });
});
