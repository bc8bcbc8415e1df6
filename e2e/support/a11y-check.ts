import type { Page } from "playwright-core";
import { allAxeViolations, smallTargets } from "./browser.ts";

export type Check = (name: string) => Promise<void>;

/** axe (every impact) and the sideways-scroll check on the current screen; findings are collected, not thrown. */
export function checker(page: Page, findings: string[], withAxe: boolean): Check {
  return async (name) => {
    // Wait for the route's own content (its h1, or the dialog that is open over it) before judging it.
    await page.getByRole("heading", { level: 1 }).or(page.getByRole("alertdialog")).or(page.getByRole("dialog")).first().waitFor();
    if (withAxe) {
      // Judge the screen at rest: a drawer or dialog still fading in has text over a half-drawn
      // background, which axe measures as low contrast. Endless animations (spinners) never end.
      await page.waitForFunction(() =>
        document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
      );
      for (const v of await allAxeViolations(page)) {
        findings.push(`${name}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      }
      for (const target of await smallTargets(page)) findings.push(`${name}: touch target under 44x44 px: ${target}`);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 1) {
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>("main *")]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(-3)
          .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 100)),
      );
      findings.push(`${name}: scrolls sideways by ${overflow} px (${wide.join(" | ")})`);
    }
  };
}
