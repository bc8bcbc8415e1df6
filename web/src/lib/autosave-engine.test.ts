import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AUTOSAVE_DELAY_MS, AutosaveEngine, type AutosaveOptions } from "./autosave-engine.ts";

type Patch = { text: string };

/** A document of one text field: what the server has, what the screen holds, every request sent. */
function setup(options: Partial<AutosaveOptions<Patch>> & { answer?: (patch: Patch) => Promise<void> } = {}) {
  const doc = { server: "", local: "" };
  const sent: { patch: Patch; keepalive: boolean }[] = [];
  let inFlight = 0;
  let mostAtOnce = 0;
  const engine = new AutosaveEngine<Patch>({
    pending: () => (doc.local === doc.server ? null : { text: doc.local }),
    send: async (patch, { keepalive }) => {
      sent.push({ patch, keepalive });
      inFlight += 1;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
      try {
        await (options.answer ?? (() => Promise.resolve()))(patch);
        doc.server = patch.text;
      } finally {
        inFlight -= 1;
      }
    },
    describe: (error) => (error instanceof Error ? error.message : "unknown"),
    ...options,
  });
  const edit = (text: string, immediate = false) => {
    doc.local = text;
    engine.changed({ immediate });
  };
  return { engine, doc, sent, edit, mostAtOnce: () => mostAtOnce };
}

/** A send that answers when the test says so. */
function heldAnswers() {
  const waiting: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  const answer = () => new Promise<void>((resolve, reject) => waiting.push({ resolve, reject }));
  return { answer, waiting };
}

const flushPromises = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("AutosaveEngine", () => {
  it("sends one request for a burst of changes, after the quiet time", async () => {
    const { engine, sent, edit } = setup();
    edit("a");
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 100);
    edit("ab");
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 100);
    edit("abc");
    expect(engine.getState().status).toBe("pending");
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(sent).toEqual([{ patch: { text: "abc" }, keepalive: false }]);
    expect(engine.getState()).toEqual({ status: "saved", failure: null });
  });

  it("says saving while the request is on its way", async () => {
    const held = heldAnswers();
    const { engine, edit } = setup({ answer: held.answer });
    edit("a", true);
    await flushPromises();
    expect(engine.getState().status).toBe("saving");
    held.waiting[0]!.resolve();
    await flushPromises();
    expect(engine.getState().status).toBe("saved");
  });

  it("sends nothing, and says saved, when a change is undone before its pause ends", async () => {
    const { engine, sent, edit } = setup();
    edit("a");
    edit("");
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2);
    expect(sent).toHaveLength(0);
    expect(engine.getState().status).toBe("saved");
  });

  it("stays idle while nothing changed", async () => {
    const { engine, sent } = setup();
    engine.changed();
    expect(await engine.flush()).toBe(true);
    expect(sent).toHaveLength(0);
    expect(engine.getState().status).toBe("idle");
  });

  it("runs one save at a time, and sends edits made meanwhile in the next one", async () => {
    const held = heldAnswers();
    const { engine, sent, edit, mostAtOnce } = setup({ answer: held.answer });
    edit("first", true);
    await flushPromises();
    edit("second");
    const second = engine.flush();
    await flushPromises();
    expect(sent).toHaveLength(1);
    held.waiting[0]!.resolve();
    await flushPromises();
    expect(sent.map((s) => s.patch.text)).toEqual(["first", "second"]);
    held.waiting[1]!.resolve();
    expect(await second).toBe(true);
    expect(mostAtOnce()).toBe(1);
    expect(engine.getState().status).toBe("saved");
  });

  it("runs the caller's own writes in turn with the autosaves", async () => {
    const held = heldAnswers();
    const { engine, edit } = setup({ answer: held.answer });
    const order: string[] = [];
    edit("a", true);
    const own = engine.run(async () => order.push("own write"));
    await flushPromises();
    expect(order).toEqual([]);
    held.waiting[0]!.resolve();
    await own;
    expect(order).toEqual(["own write"]);
  });

  it("sends pending edits once, with keepalive, when the page is hidden or closed", async () => {
    const { engine, sent, edit } = setup();
    const detach = engine.attach();
    edit("bye");
    Object.defineProperty(document, "visibilityState", { configurable: true, value: "hidden" });
    document.dispatchEvent(new Event("visibilitychange"));
    window.dispatchEvent(new Event("pagehide"));
    Reflect.deleteProperty(document, "visibilityState");
    expect(sent).toEqual([{ patch: { text: "bye" }, keepalive: true }]);
    // The pause's own save is not sent as well.
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2);
    expect(sent).toHaveLength(1);
    expect(engine.getState().status).toBe("saved");
    detach();
  });

  it("sends what is pending, with keepalive, when the screen goes away", async () => {
    const { engine, sent, edit } = setup();
    const detach = engine.attach();
    edit("leaving");
    detach();
    expect(sent).toEqual([{ patch: { text: "leaving" }, keepalive: true }]);
    window.dispatchEvent(new Event("pagehide"));
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2);
    expect(sent).toHaveLength(1);
  });

  it("says failed with the reason when the server refuses, and does not try again by itself", async () => {
    const { engine, sent, edit } = setup({ answer: () => Promise.reject(new Error("Title too long")) });
    edit("x", true);
    await flushPromises();
    expect(engine.getState()).toEqual({ status: "failed", failure: "Title too long" });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(1);
  });

  it("retries a save that may succeed later, with growing pauses, then says saved", async () => {
    let failures = 2;
    const { engine, sent, edit } = setup({
      answer: () => (failures-- > 0 ? Promise.reject(new Error("offline")) : Promise.resolve()),
      retryable: () => true,
      retryDelayMs: (attempt) => 1000 * 2 ** attempt,
    });
    edit("x", true);
    await flushPromises();
    expect(engine.getState().status).toBe("retrying");
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    expect(engine.getState().status).toBe("retrying");
    // A change while retrying keeps saying so: it goes with the retry.
    edit("xy");
    expect(engine.getState().status).toBe("retrying");
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent.map((s) => s.patch.text)).toEqual(["x", "x", "xy"]);
    expect(engine.getState().status).toBe("saved");
  });

  it("a flush that waited behind a failed save gives up instead of sending again", async () => {
    const held = heldAnswers();
    const { engine, sent, edit } = setup({ answer: held.answer });
    edit("x", true);
    await flushPromises();
    const waiting = engine.flush();
    held.waiting[0]!.reject(new Error("refused"));
    expect(await waiting).toBe(false);
    expect(sent).toHaveLength(1);
  });

  it("tries again at once when the network comes back", async () => {
    let online = false;
    const { engine, sent, edit } = setup({
      answer: () => (online ? Promise.resolve() : Promise.reject(new Error("offline"))),
      retryable: () => true,
      retryDelayMs: () => 30_000,
    });
    const detach = engine.attach();
    edit("x", true);
    await flushPromises();
    online = true;
    window.dispatchEvent(new Event("online"));
    await flushPromises();
    expect(sent).toHaveLength(2);
    expect(engine.getState().status).toBe("saved");
    detach();
  });

  it("sends nothing while there is nowhere to send it", async () => {
    let ready = false;
    const { engine, sent, edit } = setup({ canSend: () => ready });
    edit("x");
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS * 2);
    expect(await engine.flush()).toBe(false);
    expect(sent).toHaveLength(0);
    expect(engine.getState().status).toBe("idle");
    ready = true;
    expect(await engine.flush()).toBe(true);
    expect(sent).toHaveLength(1);
  });

  it("tells its subscribers about each new state, and only then", async () => {
    const { engine, edit } = setup();
    const seen: string[] = [];
    const stop = engine.subscribe(() => seen.push(engine.getState().status));
    edit("a");
    edit("ab");
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    stop();
    edit("abc", true);
    expect(seen).toEqual(["pending", "saving", "saved"]);
  });
});
