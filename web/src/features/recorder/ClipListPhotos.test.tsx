import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Announcer } from "../../components/a11y/announcer.tsx";
import { createQueryClient } from "../../api/client.ts";
import type { ClipItem } from "../../api/clip-items.ts";
import { Harness, item, photoItem, photoServer, politeText, stubClipListDom } from "./clip-list-test-helpers.tsx";
import { ClipList } from "./ClipList.tsx";

describe("ClipList: photos", () => {
  stubClipListDom();

  it("shows a photo as its picture with its seconds on screen, saved as photoSeconds, with the server's refusal inline; no player, no trims", async () => {
    const patches: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (init.method !== "PATCH") return new Response(null, { status: 204 });
        const body = JSON.parse(String(init.body)) as { photoSeconds: number };
        patches.push(body);
        if (body.photoSeconds === 7) return Response.json({ message: "This photo could not be changed right now" }, { status: 409 });
        return Response.json({ ...photoServer, durationSeconds: body.photoSeconds, trimEndSeconds: body.photoSeconds, usedSeconds: body.photoSeconds });
      }),
    );
    const user = userEvent.setup();
    render(<Harness initial={[photoItem(), item(2)]} />);
    const row = screen.getAllByTestId("clip-row")[0]!;
    expect(within(row).getByRole("img", { name: "Photo: Lake at dawn" }).getAttribute("src")).toBe("/api/clips/31/poster");
    expect(within(row).getByText("Photo")).toBeTruthy();
    expect(row.querySelector("video")).toBeNull();
    expect(within(row).queryByText("No captions for this clip.")).toBeNull();
    expect(within(row).queryByLabelText(/Start/)).toBeNull();

    const seconds = within(row).getByRole("spinbutton", { name: "Seconds on screen for photo Lake at dawn" }) as HTMLInputElement;
    expect(seconds.value).toBe("4");
    expect([seconds.min, seconds.max, seconds.step]).toEqual(["1", "20", "0.5"]);
    await user.clear(seconds);
    await user.type(seconds, "6.5{Enter}");
    await waitFor(() => expect(patches).toEqual([{ photoSeconds: 6.5 }]));
    await waitFor(() => expect(within(row).getByTestId("photo-seconds-note").textContent).toBe("Saved"));

    // Outside the range: the server's words at once, and nothing sent.
    await user.clear(seconds);
    await user.type(seconds, "30");
    await user.tab();
    expect(within(row).getByRole("alert").textContent).toBe("A photo shows for 1 to 20 seconds");
    expect(seconds.getAttribute("aria-invalid")).toBe("true");
    expect(patches).toHaveLength(1);

    // The server's refusal, in its words, under the box.
    await user.clear(seconds);
    await user.type(seconds, "7");
    await user.tab();
    expect((await within(row).findByRole("alert")).textContent).toBe("Not saved: This photo could not be changed right now");
  });


  it("says a photo's upload in photo words", () => {
    render(<Announcer />);
    const queryClient = createQueryClient();
    const list = (clip: ClipItem) => (
      <QueryClientProvider client={queryClient}>
        <ClipList clips={[clip]} onReorder={() => {}} onRemove={async () => {}} onRetry={async () => {}} loadLocalBlob={async () => null} />
      </QueryClientProvider>
    );
    const { rerender } = render(list(photoItem({ state: "uploading", server: null, mediaUrl: null })));
    rerender(list(photoItem()));
    expect(politeText()).toBe("Photo uploaded: Lake at dawn.");
  });
});
