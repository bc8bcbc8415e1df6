import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SHOT_MESSAGES } from "../../../../contracts/shots.ts";
import { dismissToast } from "../../lib/toasts.ts";
import { buildShow } from "../../testing/builders.ts";
import { json, mockApi } from "../../testing/http.ts";
import { buildShotList, buildTake, renderShotsPage, shotsServer, type ShotsServerOptions } from "../../testing/shots.tsx";

const LINES = ["We woke up at six. The lake was silver.", "Then we paddled out. Maya saw a heron. It flew away.", "The end."];

function serve(options: ShotsServerOptions = {}) {
  const server = shotsServer({ show: buildShow(42, { title: "Lake Day", narration: LINES.join(" ") }), list: buildShotList(LINES), ...options });
  const api = mockApi((call) => server.handle(call) ?? (call.path === "/api/clips" ? json([]) : undefined));
  return { server, api };
}

const shots = () => screen.getAllByTestId("shot");

afterEach(async () => {
  await act(async () => dismissToast());
  vi.unstubAllGlobals();
});

describe("Shot list", () => {
  it("lists the numbered shots with their lines, estimates and which have a chosen take", async () => {
    const list = buildShotList(LINES);
    list.shots[0] = { ...list.shots[0]!, chosenClipId: 5, takes: [buildTake(5, { chosen: true }), buildTake(6)] };
    list.shots[1] = { ...list.shots[1]!, takes: [buildTake(7)] };
    list.shots[2] = { ...list.shots[2]!, chosenClipId: 8, takes: [buildTake(8, { chosen: true, matchesLines: false })] };
    serve({ list });
    renderShotsPage();

    expect(await screen.findByRole("heading", { level: 1, name: "Record to the script" })).toBeTruthy();
    await waitFor(() => expect(shots()).toHaveLength(3));
    expect(document.title).toBe("Record to the script: Lake Day - Summer Stories");
    expect(screen.getByRole("heading", { level: 2, name: "Your shots (3)" })).toBeTruthy();
    expect(screen.getByText(/about 150 words a minute/)).toBeTruthy();

    const [first, second, third] = shots();
    expect(within(first!).getByRole("heading", { level: 3 }).textContent).toContain("Shot 1");
    expect(within(first!).getByRole("list", { name: "Lines of shot 1" }).textContent).toContain("The lake was silver.");
    // 9 words at 2.5 words a second.
    expect(within(first!).getByTestId("shot-estimate").textContent).toBe("About 4 seconds");
    expect(within(first!).getByTestId("shot-takes").textContent).toBe("Take chosen (2 takes)");
    expect(first!.dataset.chosen).toBe("true");
    expect(within(second!).getByTestId("shot-takes").textContent).toBe("1 take, none chosen");
    expect(second!.dataset.chosen).toBe("false");
    expect(within(third!).getByTestId("shot-takes").textContent).toContain("The chosen take says older lines.");
    // The last shot has nothing to merge with.
    expect(within(third!).queryByRole("button", { name: /^Merge/ })).toBeNull();
    expect(screen.getByRole("link", { name: "Back to show" }).getAttribute("href")).toBe("/shows/42");
  });

  it("splits a shot between two sentences from the keyboard, and focus goes to the new shot", async () => {
    const { api } = serve();
    const user = userEvent.setup();
    renderShotsPage();
    await waitFor(() => expect(shots()).toHaveLength(3));

    const split = screen.getByRole("button", { name: "Split here, before sentence 3 of shot 2" });
    split.focus();
    await user.keyboard("{Enter}");

    await waitFor(() => expect(shots()).toHaveLength(4));
    expect(api.callsTo("POST", "/api/recordings/42/shots/2/split")[0]!.body).toEqual({ beforeSentence: 2 });
    expect(within(shots()[2]!).getByRole("list", { name: "Lines of shot 3" }).textContent).toBe("It flew away.");
    await waitFor(() => expect(document.activeElement?.getAttribute("data-shot-heading")).toBe("3"));
    expect(screen.getByRole("heading", { level: 2, name: "Your shots (4)" })).toBeTruthy();
  });

  it("merges a shot with the next one", async () => {
    const { api } = serve();
    const user = userEvent.setup();
    renderShotsPage();
    await waitFor(() => expect(shots()).toHaveLength(3));

    await user.click(screen.getByRole("button", { name: "Merge with shot 3" }));
    await waitFor(() => expect(shots()).toHaveLength(2));
    expect(api.callsTo("POST", "/api/recordings/42/shots/2/merge")).toHaveLength(1);
    const lines = within(within(shots()[1]!).getByRole("list", { name: "Lines of shot 2" })).getAllByRole("listitem");
    expect(lines.map((line) => line.querySelector("p")?.textContent)).toEqual(["Then we paddled out.", "Maya saw a heron.", "It flew away.", "The end."]);
    await waitFor(() => expect(document.activeElement?.getAttribute("data-shot-heading")).toBe("2"));
  });

  it("shows the server's words when a merge or split is refused", async () => {
    serve({
      override: (call) =>
        call.path.endsWith("/merge") ? json({ message: SHOT_MESSAGES.shotGone }, 404) : undefined,
    });
    const user = userEvent.setup();
    renderShotsPage();
    await waitFor(() => expect(shots()).toHaveLength(3));
    await user.click(screen.getByRole("button", { name: "Merge with shot 2" }));
    expect(await screen.findByText(SHOT_MESSAGES.shotGone)).toBeTruthy();
    expect(screen.getByText("Couldn't merge the shots")).toBeTruthy();
    expect(shots()).toHaveLength(3);
  });

  it("edits a shot's lines (PATCH), then reads the show again since its narration changed", async () => {
    const { api, server } = serve();
    const user = userEvent.setup();
    renderShotsPage();
    await waitFor(() => expect(shots()).toHaveLength(3));
    const showReads = api.callsTo("GET", "/api/recordings/42").length;

    await user.click(screen.getByRole("button", { name: "Edit lines of shot 3" }));
    const box = screen.getByRole("textbox", { name: "Lines of shot 3" });
    expect(document.activeElement).toBe(box);
    await user.clear(box);
    await user.type(box, "The end of a great day.");
    await user.click(screen.getByRole("button", { name: "Save lines" }));

    await waitFor(() => expect(screen.queryByRole("textbox", { name: "Lines of shot 3" })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Edit lines of shot 3" }));
    expect(api.callsTo("PATCH", "/api/recordings/42/shots/3")[0]!.body).toEqual({ text: "The end of a great day." });
    expect(within(shots()[2]!).getByRole("list", { name: "Lines of shot 3" }).textContent).toBe("The end of a great day.");
    await waitFor(() => expect(api.callsTo("GET", "/api/recordings/42").length).toBeGreaterThan(showReads));
    expect(server.show().narration).toContain("The end of a great day.");
  });

  it("keeps the editor open with the server's message when the lines are refused", async () => {
    serve({
      override: (call) =>
        call.method === "PATCH" ? json({ message: "A shot needs at least one line; merge it with its neighbour instead" }, 400) : undefined,
    });
    const user = userEvent.setup();
    renderShotsPage();
    await waitFor(() => expect(shots()).toHaveLength(3));
    await user.click(screen.getByRole("button", { name: "Edit lines of shot 1" }));
    await user.click(screen.getByRole("button", { name: "Save lines" }));
    const alert = await screen.findByText("A shot needs at least one line; merge it with its neighbour instead");
    expect(alert.getAttribute("role")).toBe("alert");
    const box = screen.getByRole("textbox", { name: "Lines of shot 1" });
    expect(box.getAttribute("aria-invalid")).toBe("true");
    // Escape leaves the lines as they were.
    box.focus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("textbox", { name: "Lines of shot 1" })).toBeNull();
  });

  it("asks for a script first when the show has no narration", async () => {
    serve({ show: buildShow(42, { narration: "" }), list: { showId: 42, wordsPerSecond: 2.5, shots: [] } });
    renderShotsPage();
    expect(await screen.findByText(/This show has no script yet/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Write the narration" }).getAttribute("href")).toBe("/shows/42/narration");
  });
});
