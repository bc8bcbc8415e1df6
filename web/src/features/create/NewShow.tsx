import { useEffect, useState } from "react";
import type { Show } from "../../../../contracts/shows.ts";
import { CenteredSpinner } from "../../components/ui/spinner.tsx";
import { ApiError } from "../../api/client.ts";
import { readLocal, removeLocal, writeLocal } from "../../lib/local-store.ts";
import { useAuth } from "../../api/auth-context.tsx";
import { isValidShowId, useShow } from "../../api/shows-api.ts";
import { ShowEditor, type ShowEditorSlots } from "./ShowEditor.tsx";

const draftIdKey = (userId: number) => `ss:${userId}:draft-id`;
const draftKeyKey = (userId: number) => `ss:${userId}:draft-key`;

/** A random key for a story being created (getRandomValues works on plain-http camp networks too). */
function newDraftKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The device's key for its new story, kept across reloads so a repeated create finds the show it made. */
function deviceDraftKey(userId: number, fresh = false): string {
  const kept = fresh ? undefined : readLocal<unknown>(draftKeyKey(userId), undefined);
  if (typeof kept === "string" && /^[0-9a-f]{32}$/.test(kept)) return kept;
  const key = newDraftKey();
  writeLocal(draftKeyKey(userId), key);
  return key;
}
const newAnswersKey = (userId: number) => `ss:${userId}:answers:new`;

/**
 * A new story. Once saved, its show's id is remembered on the device, and coming back (a reload,
 * another day) opens that show as the server has it: answers, script, title and choices.
 */
export function NewShow({ slots }: { slots: ShowEditorSlots }) {
  const { user } = useAuth();
  const userId = user!.id;
  const [story, setStory] = useState(() => ({
    generation: 0,
    draftKey: deviceDraftKey(userId),
    draftId: readLocal<{ id?: unknown } | undefined>(draftIdKey(userId), undefined)?.id,
  }));
  const draftId = typeof story.draftId === "number" && isValidShowId(String(story.draftId)) ? String(story.draftId) : undefined;
  const draft = useShow(draftId, draftId !== undefined, { fresh: true });
  const missing = draft.error instanceof ApiError && (draft.error.status === 404 || draft.error.status === 400);

  useEffect(() => {
    // The remembered show was deleted elsewhere: start afresh (the answers on the device stay).
    if (missing) {
      removeLocal(draftIdKey(userId));
      setStory((s) => ({ ...s, draftId: undefined }));
    }
  }, [missing, userId]);

  // Loaded once per story: later saves update the cache, not the editor's starting point.
  const [loaded, setLoaded] = useState<Show | undefined>(undefined);
  const ready = draftId === undefined || loaded !== undefined || (draft.data !== undefined && draft.isFetchedAfterMount);
  useEffect(() => {
    if (draftId !== undefined && loaded === undefined && draft.data && draft.isFetchedAfterMount) setLoaded(draft.data);
  }, [draftId, loaded, draft.data, draft.isFetchedAfterMount]);

  if (draftId !== undefined && draft.error && !missing) {
    return (
      <p role="alert" className="mx-auto max-w-xl px-4 py-16 text-center text-red-800">
        Could not load your story. {draft.error.message}
      </p>
    );
  }
  if (!ready) return <CenteredSpinner />;

  function startNewShow() {
    removeLocal(draftIdKey(userId));
    removeLocal(newAnswersKey(userId));
    setLoaded(undefined);
    setStory((s) => ({ generation: s.generation + 1, draftKey: deviceDraftKey(userId, true), draftId: undefined }));
  }

  return (
    <ShowEditor
      key={story.generation}
      slots={slots}
      show={draftId !== undefined ? (loaded ?? draft.data) : undefined}
      editingMode={false}
      draftKey={story.draftKey}
      onCreated={(show) => writeLocal(draftIdKey(userId), { id: show.id })}
      onStartNew={startNewShow}
    />
  );
}
