import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route, Switch } from "wouter";
import { AUTH_MESSAGES } from "../../../contracts/auth.ts";
import { buildUser } from "../testing/builders.ts";
import { json, mockFetch, type FetchCall } from "../testing/http.ts";
import { renderAt } from "../testing/render.tsx";
import { AuthPage } from "../features/auth/AuthPage.tsx";
import { CardSignInPage } from "../features/cards/CardSignInPage.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, "", "/");
});

const camper = buildUser({ id: 7, username: "zoe_o" });

/** POST /api/login/code as the server answers it: the card's code is "KQ7M-3XPR" (any case, dash or not). */
function codeLogin({ method, url, body }: FetchCall) {
  if (method !== "POST" || url.pathname !== "/api/login/code") return undefined;
  const { code } = JSON.parse(body!) as { code: string };
  return code.toUpperCase().replace(/[\s-]/g, "") === "KQ7M3XPR" ? json(camper) : json({ message: AUTH_MESSAGES.wrongCode }, { status: 401 });
}

const pages = (
  <Switch>
    <Route path="/card" component={CardSignInPage} />
    <Route path="/home">
      <p>Home page</p>
    </Route>
    <Route path="/" component={AuthPage} />
  </Switch>
);

describe("the /card page a sign-in card's QR code opens", () => {
  it("signs in with the code from the address's fragment, takes it off the address, and lands on /home", async () => {
    window.history.replaceState(null, "", "/card#KQ7M-3XPR");
    const { calls } = mockFetch({ user: null, handler: codeLogin });
    const { location } = renderAt("/card", pages);
    expect(await screen.findByText("Home page")).toBeTruthy();
    expect(location.history?.at(-1)).toBe("/home");
    expect(window.location.hash).toBe("");
    const sent = calls.filter((c) => c.method === "POST");
    expect(sent.map((c) => [c.url.pathname, c.url.search, c.url.hash, JSON.parse(c.body!)])).toEqual([["/api/login/code", "", "", { code: "KQ7M-3XPR" }]]);
  });

  it("shows the error beside a field holding the code, so the camper can fix a typo and try again", async () => {
    window.history.replaceState(null, "", "/card#KQ7M-3XPB");
    mockFetch({ user: null, handler: codeLogin });
    const { container } = renderAt("/card", pages);
    expect((await screen.findByRole("alert")).textContent).toBe(AUTH_MESSAGES.wrongCode);
    const field = screen.getByLabelText("Code on my card") as HTMLInputElement;
    expect(field.value).toBe("KQ7M-3XPB");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
    fireEvent.change(field, { target: { value: "kq7m3xpr" } });
    await userEvent.click(screen.getByRole("button", { name: "Sign in with my card" }));
    expect(await screen.findByText("Home page")).toBeTruthy();
  });

  it("without a code in the address, asks for one", async () => {
    const { calls } = mockFetch({ user: null, handler: codeLogin });
    renderAt("/card", pages);
    expect(await screen.findByRole("heading", { name: "Sign in with my card" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Sign in with my card" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Please type the code on your card.");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });
});

describe("the sign-in page's My Card tab", () => {
  it("has a field for the card's code that suits a phone keyboard, and signs in with it", async () => {
    const { calls } = mockFetch({ user: null, handler: codeLogin });
    renderAt("/", pages);
    await userEvent.click(await screen.findByRole("tab", { name: "My Card" }));
    const field = screen.getByLabelText("Code on my card");
    expect(field.getAttribute("autocapitalize")).toBe("characters");
    expect(field.getAttribute("autocomplete")).toBe("off");
    expect(field.getAttribute("inputmode")).toBe("text");
    await userEvent.type(field, "kq7m 3xpr");
    await userEvent.click(screen.getByRole("button", { name: "Sign in with my card" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "POST").map((c) => JSON.parse(c.body!))).toEqual([{ code: "kq7m 3xpr" }]));
    expect(await screen.findByText("Home page")).toBeTruthy();
  });
});
