import type { Page } from "playwright-core";
import type { Credentials } from "../../testing/factories.ts";

/** Creates an account through the sign-in screen and waits for the Create screen. */
export async function registerThroughUI(page: Page, credentials: Credentials) {
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Create Account" }).click();
  const form = page.getByRole("tabpanel", { name: "Create Account" });
  try {
    await form.getByLabel("Username").fill(credentials.username);
  } catch (error) {
    // Say what the screen showed instead of the form (seen once, with two busy loops beside the e2e files, and not since).
    const shown = await page.locator("body").innerText({ timeout: 1000 }).catch(() => "(no page)");
    throw new Error(`${(error as Error).message}\nAt ${page.url()} the page said: ${shown.replace(/\s+/g, " ").slice(0, 600)}`);
  }
  await form.getByLabel("Password").fill(credentials.password);
  await form.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL("**/home");
}

export async function signInThroughUI(page: Page, credentials: Credentials) {
  await page.goto("/auth");
  const form = page.getByRole("tabpanel", { name: "Sign In" });
  await form.getByLabel("Username").fill(credentials.username);
  await form.getByLabel("Password").fill(credentials.password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

export async function signOutThroughUI(page: Page) {
  await page.goto("/profile");
  await page.getByRole("button", { name: "Sign Out" }).click();
  await page.waitForURL((url) => url.pathname === "/");
}
