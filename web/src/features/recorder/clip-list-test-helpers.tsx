import { QueryClientProvider } from "@tanstack/react-query";
import { screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, vi } from "vitest";
import { Announcer } from "../../components/a11y/announcer.tsx";
import { Toaster } from "../../components/ui/toaster.tsx";
import { createQueryClient } from "../../api/client.ts";
import type { ClipItem } from "../../api/clip-items.ts";
import { newClipRecord } from "./clip-store.ts";
import { ClipList } from "./ClipList.tsx";

const ROW_HEIGHT = 60;

export function item(n: number, extra: Partial<ClipItem> = {}): ClipItem {
  const local = newClipRecord({ userId: 7, title: `Recording ${n}`, mimeType: "video/webm;codecs=vp8,opus", showId: null });
  return {
    key: `clip-${n}`,
    localId: `local-${n}`,
    serverId: null,
    title: `Recording ${n}`,
    kind: "video",
    state: "local",
    error: null,
    retryable: true,
    durationSeconds: 7,
    progress: 0,
    mimeType: "video/webm;codecs=vp8,opus",
    mediaUrl: null,
    downloadUrl: null,
    local,
    server: null,
    ...extra,
  };
}


/** The list with its announcer and toasts, reordering and removing as the recorder does. */
export function Harness({
  initial,
  onRemove = async () => {},
  onRetry = async () => {},
  loadLocalBlob = async () => new Blob(["webm"], { type: "video/webm" }),
  script = null,
}: {
  initial: ClipItem[];
  onRemove?: (item: ClipItem) => Promise<void>;
  onRetry?: (item: ClipItem) => Promise<void>;
  loadLocalBlob?: (item: ClipItem) => Promise<Blob | null>;
  script?: string | null;
}) {
  const [clips, setClips] = useState(initial);
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <h3 id="clips-heading">Your clips</h3>
      <ClipList
        headingId="clips-heading"
        clips={clips}
        onReorder={(from, to) =>
          setClips((list) => {
            const next = [...list];
            const [moved] = next.splice(from, 1);
            next.splice(to, 0, moved!);
            return next;
          })
        }
        onRemove={async (clip) => {
          await onRemove(clip);
          setClips((list) => list.filter((c) => c.key !== clip.key));
        }}
        onRetry={onRetry}
        loadLocalBlob={loadLocalBlob}
        script={script}
      />
      <Toaster />
      <Announcer />
    </QueryClientProvider>
  );
}

export const politeText = () => document.querySelector('[data-announcer="polite"]')?.textContent?.trim() ?? "";
export const titles = () => screen.getAllByTestId("clip-row").map((row) => within(row).getByText(/^Recording \d$/).textContent);

/** jsdom has no layout, no object URLs and no server: stand-ins for each test of the list. */
export function stubClipListDom() {
  beforeEach(() => {
    // jsdom has no layout: each row is ROW_HEIGHT tall, stacked in document order.
    vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
      const row = this.closest('[data-testid="clip-row"]');
      const rows = [...document.querySelectorAll('[data-testid="clip-row"]')];
      const index = row ? rows.indexOf(row) : 0;
      const top = index * ROW_HEIGHT;
      return { x: 0, y: top, top, left: 0, right: 400, bottom: top + ROW_HEIGHT, width: 400, height: ROW_HEIGHT, toJSON: () => ({}) };
    });
    URL.createObjectURL = vi.fn(() => "blob:clip");
    URL.revokeObjectURL = vi.fn();
    // The server's answer for a clip that says none of the script.
    vi.stubGlobal("fetch", vi.fn(async () => new Response(null, { status: 204 })));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
}

export const photoServer = {
  id: 31, showId: 3, title: "Lake at dawn", position: 2, kind: "photo" as const, mimeType: "image/jpeg" as const, durationSeconds: 4,
  sizeBytes: 10, uploadedBytes: 10, uploadSha256: "ab", transcription: null, trimStartSeconds: 0, trimEndSeconds: 4, usedSeconds: 4,
  posterUrl: "/api/clips/31/poster", shotId: null, scriptCheck: null, createdAt: "2025-07-01T12:00:00.000Z",
  mediaUrl: "/api/clips/31/media", downloadUrl: "/api/clips/31/media?download=1",
};

/** A photo the server has (a clean JPEG shown for 4 s). */
export function photoItem(extra: Partial<ClipItem> = {}): ClipItem {
  return item(9, {
    key: "photo-9",
    title: "Lake at dawn",
    kind: "photo",
    state: "saved",
    serverId: 31,
    durationSeconds: 4,
    mimeType: "image/jpeg",
    mediaUrl: photoServer.mediaUrl,
    downloadUrl: photoServer.downloadUrl,
    server: photoServer,
    ...extra,
  });
}
