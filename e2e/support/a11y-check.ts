import type { Page } from "playwright-core";
import { allAxeViolations, smallTargets } from "./browser.ts";

export type Check = (name: string) => Promise<void>;

/** How far the page scrolls sideways (px) and, when it does, the last three elements reaching past the window. */
async function sidewaysScroll(page: Page): Promise<{ overflow: number; wide: string[] }> {
  return page.evaluate(() => {
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    const wide =
      overflow > 1
        ? [...document.querySelectorAll<HTMLElement>("main *")]
            .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
            .slice(-3)
            .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 100))
        : [];
    return { overflow, wide };
  });
}

/** Lets the page lay itself out again after a resize (two frames: its resize handlers, then the layout). */
const nextLayout = (page: Page) => page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

/**
 * axe (every impact) and the sideways-scroll check on the current screen; findings are collected, not
 * thrown. With `narrowWidth`, each screen is also narrowed to that width (as a phone turned or a split
 * screen does), checked for sideways scroll, and widened back: one walk through the routes serves both
 * the phone-size audit and the narrowest phones.
 */
export function checker(page: Page, findings: string[], narrowWidth?: number): Check {
  return async (name) => {
    // Wait for the route's own content (its h1, or the dialog that is open over it) before judging it.
    await page.getByRole("heading", { level: 1 }).or(page.getByRole("alertdialog")).or(page.getByRole("dialog")).first().waitFor();
    // Judge the screen at rest: a drawer or dialog still fading in has text over a half-drawn
    // background, which axe measures as low contrast. Endless animations (spinners) never end.
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
    );
    for (const v of await allAxeViolations(page)) {
      findings.push(`${name}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    }
    for (const target of await smallTargets(page)) findings.push(`${name}: touch target under 44x44 px: ${target}`);
    const { overflow, wide } = await sidewaysScroll(page);
    if (overflow > 1) findings.push(`${name}: scrolls sideways by ${overflow} px (${wide.join(" | ")})`);
    const size = page.viewportSize();
    if (narrowWidth !== undefined && size) {
      await page.setViewportSize({ width: narrowWidth, height: size.height });
      await nextLayout(page);
      const narrow = await sidewaysScroll(page);
      if (narrow.overflow > 1) findings.push(`${name} at ${narrowWidth} px: scrolls sideways by ${narrow.overflow} px (${narrow.wide.join(" | ")})`);
      await page.setViewportSize(size);
      await nextLayout(page);
    }
  };
}
