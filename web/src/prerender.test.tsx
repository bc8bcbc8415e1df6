import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AppInfo } from "../../contracts/app-info.ts";
import { APP_INFO_ELEMENT_ID, campBannerText, PRERENDER_APP_INFO, SIGN_IN_PATHS } from "../../contracts/page-data.ts";
import { App } from "./app/App.tsx";
import { renderSignInPage } from "./prerender.tsx";

const camp: AppInfo = { productName: "Summer Stories", campTitle: "Lake Camp", campYear: 2026 };

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
  document.getElementById(APP_INFO_ELEMENT_ID)?.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The page as the server sends it to a signed-out visitor at `path`: the markup, the camp filled in. */
function servedSignInPage(path: string): HTMLElement {
  window.history.replaceState(null, "", path);
  const facts = document.createElement("script");
  facts.type = "application/json";
  facts.id = APP_INFO_ELEMENT_ID;
  facts.textContent = JSON.stringify(camp);
  document.head.append(facts);
  const container = document.createElement("div");
  container.id = "root";
  container.innerHTML = renderSignInPage().replace(campBannerText(PRERENDER_APP_INFO), campBannerText(camp));
  document.body.append(container);
  return container;
}

/** The API of a visitor without a session; sign-in answers are recorded. */
function signedOutApi() {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === "/api/login") return Response.json({ message: "Incorrect username or password" }, { status: 401 });
    void init;
    return Response.json({ message: "Not signed in" }, { status: 401 });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

/** What main.tsx does with a page that arrives with markup in it. */
async function hydrate(container: HTMLElement) {
  const recoverable: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <App />
      </StrictMode>,
      { onRecoverableError: (error) => recoverable.push(error) },
    );
  });
  return recoverable;
}

describe("the pre-rendered sign-in page", () => {
  it("is the sign-in screen with the camp's banner, its submit button waiting for the code", () => {
    const container = servedSignInPage("/");
    expect(container.querySelector("h1")?.textContent).toBe("Welcome back");
    expect(container.textContent).toContain("Reflect, Create and Share Your Story");
    expect(container.textContent).toContain("Lake Camp 2026");
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Sign In" }).disabled).toBe(true);
  });

  it.each(SIGN_IN_PATHS)("is taken over at %s as it is: the same nodes, no mismatch, the button live", async (path) => {
    signedOutApi();
    const consoleError = vi.spyOn(console, "error");
    const container = servedSignInPage(path);
    const heading = container.querySelector("h1");
    const banner = screen.getByText("Lake Camp 2026");

    expect(await hydrate(container)).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    expect(container.querySelector("h1")).toBe(heading);
    expect(screen.getByText("Lake Camp 2026")).toBe(banner);
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>("button", { name: "Sign In" }).disabled).toBe(false));
  });

  it("keeps what was typed before the code ran and signs in with it", async () => {
    const fetch = signedOutApi();
    const container = servedSignInPage("/");
    const username = container.querySelector<HTMLInputElement>("#login-username")!;
    const password = container.querySelector<HTMLInputElement>("#login-password")!;
    username.value = "lake_camper";
    password.value = "a long enough password";

    await hydrate(container);
    const button = screen.getByRole<HTMLButtonElement>("button", { name: "Sign In" });
    await waitFor(() => expect(button.disabled).toBe(false));
    expect(username.value).toBe("lake_camper");
    expect(password.value).toBe("a long enough password");

    fireEvent.click(button);
    await waitFor(() => expect(fetch).toHaveBeenCalledWith("/api/login", expect.anything()));
    const [, init] = fetch.mock.calls.find(([url]) => url === "/api/login")!;
    expect(JSON.parse(String(init!.body))).toEqual({ username: "lake_camper", password: "a long enough password" });
  });
});
