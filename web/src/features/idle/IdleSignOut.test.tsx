import { act, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildUser } from "../../testing/builders.ts";
import { json, mockFetch, type FetchCall } from "../../testing/http.ts";
import { renderAt } from "../../testing/render.tsx";
import { registerSaver, useIdleHold } from "../../lib/idle-activity.ts";
import { IdleSignOutNotice } from "../../components/auth/idle-notice.tsx";
import { IdleSignOut } from "./IdleSignOut.tsx";
import { alertDialogCode, DIALOG_RETRY_MS } from "./still-there.tsx";

/**
 * The idle sign-out of a shared tablet (decision 027e), on a fake clock: the camp's 5 minutes run
 * from the last keep-alive the server answered; the warning comes a minute before the sign-out,
 * which itself comes 10 s before the server's own limit.
 */
const MINUTE = 60_000;
const WARN_AT = 5 * MINUTE - 10_000 - MINUTE;

beforeEach(async () => {
  // The contracts the client loads on demand, loaded before the clock is faked.
  await Promise.all([import("../../../../contracts/camp-settings.ts"), import("../../../../contracts/auth.ts")]);
  // The warning's dialog code, which the app fetches half way to the warning (tested below): here
  // already, so the warning is the Radix dialog in these tests (its fallback: still-there.test.tsx).
  await alertDialogCode.load();
  // The watcher's clock (its ticks and Date) is fake; timeouts stay real, so the query client's
  // notifications and the mocked responses settle as in a browser.
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
  window.sessionStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Moves the fake clock, then lets what it started (requests, renders) settle. */
async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  for (let i = 0; i < 3; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 1)));
}

function serverWithIdleMinutes(minutes: number) {
  const order: string[] = [];
  const mocked = mockFetch({
    user: buildUser({ role: "camper" }),
    handler: ({ method, url }: FetchCall) => {
      if (url.pathname === "/api/camp-settings/idle") return json({ camperIdleMinutes: minutes });
      if (method === "POST" && url.pathname === "/api/session/keepalive") return new Response(null, { status: 204 });
      if (method === "POST" && url.pathname === "/api/logout") {
        order.push("logout");
        return new Response(null, { status: 204 });
      }
      return undefined;
    },
  });
  const keepAlives = () => mocked.calls.filter((c) => c.url.pathname === "/api/session/keepalive").length;
  return { ...mocked, order, keepAlives };
}

async function start(minutes = 5, alongside?: ReactNode) {
  const server = serverWithIdleMinutes(minutes);
  const view = renderAt(
    "/home",
    <>
      <IdleSignOut />
      {alongside}
    </>,
  );
  // The user, the camp's setting and the first keep-alive.
  for (let i = 0; i < 50 && server.keepAlives() === 0; i++) await advance(0);
  expect(server.keepAlives()).toBe(1);
  return { ...server, ...view };
}

describe("idle sign-out on a shared tablet", () => {
  it("asks 'Still there?' a minute before, and 'I'm still here' tells the server and starts the clock again", async () => {
    const { keepAlives } = await start();
    await advance(WARN_AT - 1000);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await advance(1000);
    const dialog = screen.getByRole("alertdialog", { name: "Still there?" });
    expect(dialog.textContent).toContain("You'll be signed out in 60 seconds to keep your work safe on this shared device.");
    await advance(15_000);
    expect(dialog.textContent).toContain("signed out in 45 seconds");

    fireEvent.click(screen.getByRole("button", { name: "I'm still here" }));
    await advance(0);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(keepAlives()).toBe(2);
    // A whole new period before the next warning.
    await advance(WARN_AT - 1000);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await advance(1000);
    expect(screen.getByRole("alertdialog", { name: "Still there?" })).toBeTruthy();
  });

  it("fetches the warning's dialog code half way to the warning, not with the screen", async () => {
    const load = vi.spyOn(alertDialogCode, "load");
    await start();
    // The 5 minutes run from the first keep-alive: the warning is due at WARN_AT, half way is WARN_AT / 2.
    await advance(WARN_AT / 2 - 5000);
    expect(load).not.toHaveBeenCalled();
    await advance(6000);
    expect(load).toHaveBeenCalledTimes(1);
    // Asked again at most every few seconds until the warning (a failed fetch is retried that way).
    await advance(WARN_AT / 2 - 1000);
    expect(load.mock.calls.length).toBeLessThanOrEqual(Math.ceil(WARN_AT / 2 / DIALOG_RETRY_MS) + 1);
    expect(screen.getByRole("alertdialog", { name: "Still there?" })).toBeTruthy();
  });

  it("saves open work first, then signs out and sends the camper to the sign-in page, which says why", async () => {
    const { order, location } = await start();
    const unregister = registerSaver(async () => {
      order.push("saved");
    });
    await advance(WARN_AT + MINUTE);
    await advance(0);
    unregister();
    expect(order).toEqual(["saved", "logout"]);
    expect(location.history?.at(-1)).toBe("/");
    const notice = render(<IdleSignOutNotice />);
    expect(within(notice.container).getByRole("status").textContent).toBe("You were signed out after 5 minutes away. Your work is saved.");
  });

  it("never warns a camper who keeps working: keys and pointer are activity, sent at most once a minute", async () => {
    const { keepAlives } = await start();
    for (let i = 0; i < 20; i++) {
      await advance(30_000);
      fireEvent.keyDown(window, { key: "a" });
      if (i % 2 === 1) fireEvent.pointerDown(window);
    }
    expect(screen.queryByRole("alertdialog")).toBeNull();
    // Ten minutes of typing: about one keep-alive a minute, not one a key press.
    expect(keepAlives()).toBeGreaterThanOrEqual(9);
    expect(keepAlives()).toBeLessThanOrEqual(12);
  });

  it("does not cut a recording or an upload in progress", async () => {
    function Recording() {
      useIdleHold(true);
      return null;
    }
    const server = await start(5, <Recording />);
    for (let i = 0; i < 40; i++) await advance(30_000);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(server.order).toEqual([]);
    // Recording is the camper being here: the server hears so about once a minute.
    expect(server.keepAlives()).toBeGreaterThanOrEqual(18);
  });

  it("does nothing when the camp says never (0)", async () => {
    const server = serverWithIdleMinutes(0);
    renderAt("/home", <IdleSignOut />);
    await advance(3 * 60 * MINUTE);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(server.keepAlives()).toBe(0);
    expect(server.order).toEqual([]);
  });
});
