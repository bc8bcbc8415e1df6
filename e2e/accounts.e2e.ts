import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { buildCredentials } from "../testing/factories.ts";
import { closeContextsAfterEach, launchBrowser, newContext, seriousAxeViolations, watchPageErrors } from "./support/browser.ts";
import { registerThroughUI, signInThroughUI, signOutThroughUI } from "./support/flows.ts";
import { startServer } from "./support/server.ts";

const baseURL = inject("baseURL");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
closeContextsAfterEach(() => browser);

async function freshPage(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(browser, baseURL, viewport);
  const page = await context.newPage();
  return { context, page, errors: watchPageErrors(page) };
}

describe("accounts in the browser", () => {
  it("registers, stays signed in across a reload, signs out, and signs in again", async () => {
    const { context, page, errors } = await freshPage();
    const credentials = buildCredentials();
    await registerThroughUI(page, credentials);
    await page.getByRole("link", { name: `Profile: ${credentials.username}` }).waitFor();

    await page.reload();
    await page.waitForURL("**/home");
    await page.getByRole("link", { name: `Profile: ${credentials.username}` }).waitFor();

    await signOutThroughUI(page);
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();

    await signInThroughUI(page, credentials);
    await page.waitForURL("**/home");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the error under the form and in a 'Login failed' toast for a wrong password, and stays on the screen", async () => {
    const { context, page } = await freshPage();
    const credentials = buildCredentials();
    await registerThroughUI(page, credentials);
    await signOutThroughUI(page);

    await signInThroughUI(page, { ...credentials, password: "definitely-wrong" });
    const form = page.getByRole("tabpanel", { name: "Sign In" });
    await expect.poll(() => form.getByRole("alert").textContent()).toBe("Incorrect username or password");
    const toast = page.getByRole("region", { name: /Notifications/ }).locator("li");
    await expect.poll(() => toast.textContent()).toContain("Login failed");
    expect(await toast.textContent()).toContain("Incorrect username or password");
    expect(new URL(page.url()).pathname).toBe("/auth");
    await context.close();
  });

  it("shows 'Registration failed' with the reason for a taken username", async () => {
    const { context, page } = await freshPage();
    const credentials = buildCredentials();
    await registerThroughUI(page, credentials);
    await signOutThroughUI(page);

    await page.getByRole("tab", { name: "Create Account" }).click();
    const form = page.getByRole("tabpanel", { name: "Create Account" });
    await form.getByLabel("Username").fill(credentials.username.toUpperCase());
    await form.getByLabel("Password").fill("another-long-password");
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect.poll(() => form.getByRole("alert").textContent()).toMatch(/username is taken/);
    const toast = page.getByRole("region", { name: /Notifications/ }).locator("li");
    await expect.poll(() => toast.textContent()).toContain("Registration failed");

    // F8 moves focus to the notification region.
    await page.keyboard.press("F8");
    expect(await page.evaluate(() => document.activeElement?.closest("[role=region]")?.getAttribute("aria-label"))).toMatch(
      /Notifications/,
    );
    await context.close();
  });

  it("guards routes: signed-out visitors go to /, signed-in users skip the sign-in screen", async () => {
    const { context, page } = await freshPage();
    for (const path of ["/home", "/record", "/profile", "/voice-settings", "/shows"]) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === "/");
    }
    await page.goto("/edit?id=1");
    await page.getByText("Please log in to edit recordings.").waitFor();

    await registerThroughUI(page, buildCredentials());
    for (const path of ["/", "/auth"]) {
      await page.goto(path);
      await page.waitForURL("**/home");
    }
    await context.close();
  });

  it("shows the 404 page for unknown paths and the legal pages to everyone", async () => {
    const { context, page, errors } = await freshPage();
    await page.goto("/no/such/page");
    await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
    await page.getByText("Did you forget to add the page to the router?").waitFor();

    for (const [path, title] of [
      ["/privacy", "Privacy Policy"],
      ["/terms", /Terms/],
      ["/cookies", /Cookie/],
    ] as const) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1, name: title }).waitFor();
      await page.getByRole("heading", { name: "The short version" }).waitFor();
    }
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).click();
    await page.waitForURL("**/privacy");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("hides the brand panel on a 360 px phone and shows it on a desktop", async () => {
    const phone = await freshPage({ width: 360, height: 740 });
    await phone.page.goto("/");
    await phone.page.getByRole("heading", { name: "Welcome back" }).waitFor();
    expect(await phone.page.getByText("Reflect, Create and Share Your Story").isVisible()).toBe(false);
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await phone.context.close();

    const desktop = await freshPage();
    await desktop.page.goto("/");
    await desktop.page.getByText("Reflect, Create and Share Your Story").waitFor();
    await desktop.context.close();
  });

  it("has no serious or critical accessibility violations on the pages built so far", async () => {
    const { context, page } = await freshPage();
    const report: Record<string, unknown> = {};
    for (const path of ["/", "/no/such/page", "/privacy", "/terms", "/cookies"]) {
      await page.goto(path);
      await page.getByRole("main").waitFor();
      report[path] = await seriousAxeViolations(page);
    }
    await registerThroughUI(page, buildCredentials());
    for (const path of ["/home", "/profile"]) {
      await page.goto(path);
      await page.getByRole("main").waitFor();
      report[path] = await seriousAxeViolations(page);
    }
    for (const violations of Object.values(report)) expect(violations).toEqual([]);
    await context.close();
  });
});

describe("the sign-in page before its code runs (pre-rendered, decision 024)", () => {
  it("is all there with JavaScript off: the camp, the form, a note why nothing works, and no way to send the password", async () => {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
    const page = await context.newPage();
    const { campTitle, campYear } = (await (await fetch(`${baseURL}/api/app-info`)).json()) as { campTitle: string; campYear: number };
    await page.goto("/");
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    expect(await page.getByRole("banner").textContent()).toContain(`${campTitle} ${campYear}`);
    expect(await page.getByText("Reflect, Create and Share Your Story").isVisible()).toBe(true);
    // Chromium's switch turns scripts off but still parses <noscript> as if they ran: check the page sent.
    expect(await (await fetch(`${baseURL}/`)).text()).toMatch(/<noscript>\s*<p[^>]*>\s*Summer Stories needs JavaScript/);
    expect(await page.getByRole("button", { name: "Sign In" }).isDisabled()).toBe(true);

    await page.getByLabel("Username").fill("lake_camper");
    await page.getByLabel("Password").fill("a long enough password");
    await page.getByLabel("Password").press("Enter");
    await page.getByRole("button", { name: "Sign In" }).dispatchEvent("click");
    expect(page.url()).toBe(`${baseURL}/`);
    await context.close();
  });

  it("keeps what a camper typed while the code was on its way, and signs them in with it", async () => {
    const { context, page, errors } = await freshPage();
    const credentials = buildCredentials();
    const registered = await fetch(`${baseURL}/api/register`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseURL },
      body: JSON.stringify(credentials),
    });
    expect(registered.status).toBe(201);
    // Hold the client's code back until the camper has typed: a slow connection, made certain.
    let release!: () => void;
    const codeMayArrive = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/*.js", async (route) => {
      await codeMayArrive;
      await route.continue();
    });
    await page.goto("/", { waitUntil: "commit" });
    await page.getByLabel("Username").fill(credentials.username);
    await page.getByLabel("Password").fill(credentials.password);
    expect(await page.getByRole("button", { name: "Sign In" }).isDisabled()).toBe(true);
    release();

    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL("**/home");
    await page.getByRole("link", { name: `Profile: ${credentials.username}` }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("changing the password", () => {
  it("refuses a common password kindly, then changes it and signs out the other browser, not this one", async () => {
    const context = await newContext(browser, baseURL);
    const page = await context.newPage();
    // The common password's refusal is a 400 the page shows.
    const errors = watchPageErrors(page, [400, 401]);
    const credentials = buildCredentials();
    await registerThroughUI(page, credentials);
    const { context: laptop, page: laptopPage } = await freshPage();
    await signInThroughUI(laptopPage, credentials);
    await laptopPage.waitForURL("**/home");

    await page.goto("/profile");
    const form = page.getByRole("form", { name: "Change password" });
    await form.getByLabel("Password you use now").fill(credentials.password);
    await form.getByLabel("New password", { exact: true }).fill("iloveyou");
    await form.getByLabel("New password again").fill("iloveyou");
    await form.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => form.getByRole("alert").textContent()).toMatch(/Lots of people use that password/);

    await form.getByLabel("New password", { exact: true }).fill("three canoes at dawn");
    await form.getByLabel("New password again").fill("three canoes at dawn");
    await form.getByRole("button", { name: "Change password" }).click();
    const toast = page.getByRole("region", { name: /Notifications/ }).locator("li");
    await expect.poll(() => toast.textContent()).toContain("Password changed");

    // The other browser is signed out at its next step; this one goes on.
    await laptopPage.goto("/profile");
    await laptopPage.waitForURL((url) => url.pathname === "/");
    await page.reload();
    await page.getByRole("heading", { name: "Your profile" }).waitFor();
    await signInThroughUI(laptopPage, { ...credentials, password: "three canoes at dawn" });
    await laptopPage.waitForURL("**/home");
    expect(errors).toEqual([]);
    await Promise.all([context.close(), laptop.close()]);
  });
});

describe("deleting an account", () => {
  it("asks for the password, deletes everything and signs out", async () => {
    const { context, page } = await freshPage();
    const credentials = buildCredentials();
    await registerThroughUI(page, credentials);
    await page.goto("/profile");
    await page.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByLabel("Password").fill("not-my-password");
    await dialog.getByRole("button", { name: "Delete everything" }).click();
    await expect.poll(() => dialog.getByRole("alert").textContent()).toBe("That password is not right");

    await dialog.getByLabel("Password").fill(credentials.password);
    await dialog.getByRole("button", { name: "Delete everything" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    await signInThroughUI(page, credentials);
    await expect.poll(() => page.getByRole("tabpanel", { name: "Sign In" }).getByRole("alert").textContent()).toBe(
      "Incorrect username or password",
    );
    await context.close();
  });
});

describe("a server restart", () => {
  it("keeps accounts and sessions", async () => {
    const server = await startServer();
    const context = await newContext(browser, server.baseURL);
    const page = await context.newPage();
    const credentials = buildCredentials();
    try {
      await registerThroughUI(page, credentials);
      await server.stop();
      const restarted = await startServer({ dataDir: server.dataDir, port: server.port });
      try {
        await page.reload();
        await page.waitForURL("**/home");
        await page.getByRole("link", { name: `Profile: ${credentials.username}` }).waitFor();
        await signOutThroughUI(page);
        await signInThroughUI(page, credentials);
        await page.waitForURL("**/home");
      } finally {
        await restarted.stop();
      }
    } finally {
      await context.close();
      await server.stop();
    }
  });
});
