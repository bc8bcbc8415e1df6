import type { AudioSource } from "./types.ts";
import type { Show } from "../../../../contracts/shows.ts";
import { AUDIO_SOURCES, SHOW_LIMITS } from "../../../../contracts/shows-constants.ts";
import { readLocal, removeLocal, writeLocal } from "../../lib/local-store.ts";

/** What the narration editing screen edits and saves. */
export interface EditableFields {
  title: string;
  narration: string;
  audioSource: AudioSource;
}

/** The unsaved copy kept in this browser until the server confirms it. */
export interface LocalDraft extends EditableFields {
  /** When it was last edited (ms since the epoch, this device's clock). */
  editedAt: number;
}

export type ShowPatch = Partial<EditableFields>;

export function draftStorageKey(userId: number, showId: number): string {
  return `summer-stories:narration-draft:${userId}:${showId}`;
}

export function fieldsOf(show: Pick<Show, "title" | "narration" | "audioSource">): EditableFields {
  return { title: show.title, narration: show.narration ?? "", audioSource: show.audioSource };
}

function isLocalDraft(value: unknown): value is LocalDraft {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.title === "string" &&
    typeof v.narration === "string" &&
    typeof v.editedAt === "number" &&
    (AUDIO_SOURCES as readonly unknown[]).includes(v.audioSource)
  );
}

export function readDraft(key: string): LocalDraft | null {
  const value = readLocal<unknown>(key, null);
  return isLocalDraft(value) ? value : null;
}

export function writeDraft(key: string, fields: EditableFields, editedAt = Date.now()): boolean {
  return writeLocal(key, { ...fields, editedAt } satisfies LocalDraft);
}

export function clearDraft(key: string) {
  removeLocal(key);
}

/** The title the server would store, or null when it would refuse it (blank or too long). */
export function validTitle(title: string): string | null {
  const trimmed = title.trim();
  return trimmed.length > 0 && trimmed.length <= SHOW_LIMITS.titleMaxLength ? trimmed : null;
}

/** The fields of `draft` the server doesn't have yet (a blank title is never sent). */
export function diffFields(draft: EditableFields, saved: EditableFields): ShowPatch {
  const patch: ShowPatch = {};
  const title = validTitle(draft.title);
  if (title !== null && title !== saved.title) patch.title = title;
  if (draft.narration !== saved.narration) patch.narration = draft.narration;
  if (draft.audioSource !== saved.audioSource) patch.audioSource = draft.audioSource;
  return patch;
}

export function isEmptyPatch(patch: ShowPatch): boolean {
  return Object.keys(patch).length === 0;
}

/**
 * The fields to start editing with: the browser's unsaved copy when it is newer than the server's
 * last change (the page was closed or reloaded before a save got through), else the server's.
 */
export function initialFields(show: Show, key: string): { fields: EditableFields; restored: boolean } {
  const server = fieldsOf(show);
  const local = readDraft(key);
  const serverTime = Date.parse(show.updatedAt);
  if (local && (Number.isNaN(serverTime) || local.editedAt > serverTime)) {
    const fields = { title: local.title, narration: local.narration, audioSource: local.audioSource };
    if (!isEmptyPatch(diffFields(fields, server))) return { fields, restored: true };
  }
  if (local) clearDraft(key);
  return { fields: server, restored: false };
}
