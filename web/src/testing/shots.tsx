import type { Clip } from "../../../contracts/clips.ts";
import type { Show } from "../../../contracts/shows.ts";
import { scriptSentences } from "../../../contracts/script-sentences.ts";
import { SHOT_MESSAGES, type ScriptCheck, type Shot, type ShotList, type ShotTake, type TakeSwitch } from "../../../contracts/shots.ts";
import { MemoryClipStore } from "../features/recorder/clip-store.ts";
import { FakeTusServer } from "./tus-server.ts";
import { recordingSleep } from "./recorder.ts";
import { buildShow } from "./builders.ts";
import { renderShowSubpage } from "./render.tsx";
import { apiCall, json, stubFetch, type ApiCall } from "./http.ts";
import { resetRecorderRuntime } from "../features/recorder/runtime.ts";
import { UploadManager } from "../features/recorder/uploader.ts";
import { ShotsPage } from "../app/shots/ShotsPage.tsx";

/** Test-only: an in-memory shots server for show 42 (jsdom + a mocked fetch). */

export const TEST_PACE = 2.5;

const wordCount = (text: string) => text.trim().split(/\s+/).filter(Boolean).length;

/** A shot as the server answers it, its sentences and estimate worked out from the lines. */
export function buildShot(id: number, number: number, text: string, overrides: Partial<Shot> = {}): Shot {
  return {
    id,
    number,
    text,
    sentences: scriptSentences(text),
    estimatedSeconds: Math.round((wordCount(text) / TEST_PACE) * 10) / 10,
    chosenClipId: null,
    takes: [],
    ...overrides,
  };
}

export function buildTake(clipId: number, overrides: Partial<ShotTake> = {}): ShotTake {
  return { clipId, chosen: false, matchesLines: true, wordMatch: null, missedSentences: null, ...overrides };
}

export function buildCheck(lines: string, said: boolean[], overrides: Partial<ScriptCheck> = {}): ScriptCheck {
  const sentences = scriptSentences(lines).map((text, index) => {
    const heard = said[index] ?? true;
    return {
      text,
      said: heard,
      words: text.split(/\s+/).map((word) => ({ word, heard, start: null, end: null })),
    };
  });
  const words = sentences.flatMap((s) => s.words);
  return {
    status: "checked",
    source: "offline",
    lines,
    sentences,
    wordMatch: words.length ? words.filter((w) => w.heard).length / words.length : 0,
    message: null,
    checkedAt: "2026-07-01T12:00:00.000Z",
    ...overrides,
  };
}

/** Each shot's lines; ids 1, 2, 3... in order. */
export function buildShotList(lines: string[], showId = 42): ShotList {
  return { showId, wordsPerSecond: TEST_PACE, shots: lines.map((text, index) => buildShot(index + 1, index + 1, text)) };
}

export interface ShotsServerOptions {
  show?: Show;
  list?: ShotList;
  clips?: Clip[];
  /** Answer instead of the fake server (a refusal, say); undefined lets it answer. */
  override?: (call: ApiCall) => Response | undefined;
  /** POST /api/clips/:id/script-check: the check for that clip (default: every sentence said). */
  check?: (clip: Clip, lines: string, call: ApiCall) => ScriptCheck;
}

/**
 * Answers the show, its shot list (split, merge, lines, chosen take) and the script check, as
 * contracts/shots.ts says; anything else is left to `fallback` (the tus server, in recording tests).
 */
export function shotsServer({ show = buildShow(42, { narration: "One. Two." }), list, clips = [], override, check }: ShotsServerOptions = {}) {
  let current: ShotList = list ?? buildShotList(scriptSentences(show.narration ?? ""));
  let currentShow = show;
  let nextShotId = 100;
  const clipList = [...clips];
  const renumber = (shots: Shot[]) => shots.map((s, index) => ({ ...s, number: index + 1 }));
  const narrationOf = (shots: Shot[]) => shots.map((s) => s.text).join(" ");
  const answerList = () => json(current);

  function handle(call: ApiCall): Response | undefined {
    const overridden = override?.(call);
    if (overridden) return overridden;
    const base = `/api/recordings/${currentShow.id}`;
    if (call.path === base && call.method === "GET") return json(currentShow);
    if (call.path === `${base}/shots` && call.method === "GET") return answerList();
    const shotMatch = new RegExp(`^${base}/shots/(\\d+)(/split|/merge)?$`).exec(call.path);
    if (shotMatch) {
      const index = current.shots.findIndex((s) => s.id === Number(shotMatch[1]));
      if (index < 0) return json({ message: SHOT_MESSAGES.shotGone }, 404);
      const shot = current.shots[index]!;
      const action = shotMatch[2];
      if (action === "/split" && call.method === "POST") {
        const { beforeSentence } = call.body as { beforeSentence: number };
        if (beforeSentence < 1 || beforeSentence >= shot.sentences.length) return json({ message: SHOT_MESSAGES.cannotSplit }, 400);
        const first = buildShot(shot.id, 0, shot.sentences.slice(0, beforeSentence).join(" "), { takes: shot.takes, chosenClipId: shot.chosenClipId });
        const second = buildShot(nextShotId++, 0, shot.sentences.slice(beforeSentence).join(" "));
        current = { ...current, shots: renumber([...current.shots.slice(0, index), first, second, ...current.shots.slice(index + 1)]) };
        return answerList();
      }
      if (action === "/merge" && call.method === "POST") {
        const next = current.shots[index + 1];
        if (!next) return json({ message: SHOT_MESSAGES.cannotMerge }, 400);
        const merged = buildShot(shot.id, 0, `${shot.text} ${next.text}`, { takes: shot.takes, chosenClipId: shot.chosenClipId });
        current = { ...current, shots: renumber([...current.shots.slice(0, index), merged, ...current.shots.slice(index + 2)]) };
        return answerList();
      }
      if (!action && call.method === "PATCH") {
        const body = call.body as { text?: string; chosenClipId?: number | null };
        let updated = shot;
        if (body.text !== undefined) {
          if (!body.text.trim()) return json({ message: "A shot needs at least one line; merge it with its neighbour instead" }, 400);
          updated = buildShot(shot.id, shot.number, body.text.trim(), {
            chosenClipId: shot.chosenClipId,
            takes: shot.takes.map((t) => ({ ...t, matchesLines: false })),
          });
        }
        if (body.chosenClipId !== undefined) {
          if (body.chosenClipId !== null && !shot.takes.some((t) => t.clipId === body.chosenClipId)) {
            return json({ message: SHOT_MESSAGES.takeNotOfShot }, 400);
          }
          updated = {
            ...updated,
            chosenClipId: body.chosenClipId,
            takes: updated.takes.map((t) => ({ ...t, chosen: t.clipId === body.chosenClipId })),
          };
        }
        current = { ...current, shots: current.shots.map((s) => (s.id === shot.id ? updated : s)) };
        if (body.text !== undefined) currentShow = { ...currentShow, narration: narrationOf(current.shots) };
        return answerList();
      }
    }
    const checkMatch = /^\/api\/clips\/(\d+)\/script-check$/.exec(call.path);
    if (checkMatch && call.method === "POST") {
      const clip = clipList.find((c) => c.id === Number(checkMatch[1]));
      if (!clip) return json({ message: "Clip not found" }, 404);
      const shot = current.shots.find((s) => s.id === clip.shotId);
      if (!shot) return json({ message: SHOT_MESSAGES.clipHasNoShot }, 400);
      const result = check ? check(clip, shot.text, call) : buildCheck(shot.text, []);
      const checked = { ...clip, scriptCheck: result };
      clipList.splice(clipList.indexOf(clip), 1, checked);
      takeChecked(clip.id, result);
      return json({ ...checked, takeSwitch: switchTake(shot, clip.id, result) });
    }
    return undefined;
  }

  /**
   * The server's rule (server/modules/shots/take-choice.ts): a take that says every line is used in
   * place of a chosen take whose check found lines missed.
   */
  function switchTake(shot: Shot, clipId: number, result: ScriptCheck): TakeSwitch | null {
    const previous = shot.chosenClipId;
    const chosenCheck = clipList.find((c) => c.id === previous)?.scriptCheck ?? null;
    const missed = chosenCheck?.status === "checked" && chosenCheck.sentences.some((x) => !x.said);
    const saysAll = result.status === "checked" && result.sentences.length > 0 && result.sentences.every((x) => x.said);
    if (previous === null || previous === clipId || !missed || !saysAll) return null;
    current = {
      ...current,
      shots: current.shots.map((s) =>
        s.id === shot.id ? { ...s, chosenClipId: clipId, takes: s.takes.map((t) => ({ ...t, chosen: t.clipId === clipId })) } : s,
      ),
    };
    return { shotId: shot.id, clipId, previousClipId: previous };
  }

  /** A take's figures in the list follow its check, as the server keeps them. */
  function takeChecked(clipId: number, result: ScriptCheck) {
    const checked = result.status === "checked";
    current = {
      ...current,
      shots: current.shots.map((s) => ({
        ...s,
        takes: s.takes.map((t) =>
          t.clipId === clipId
            ? { ...t, wordMatch: checked ? result.wordMatch : null, missedSentences: checked ? result.sentences.filter((x) => !x.said).length : null }
            : t,
        ),
      })),
    };
  }

  /** A clip was saved for a shot (the tus server made it): it becomes a take, chosen when it is the first. */
  function addTake(clip: Clip) {
    clipList.push(clip);
    current = {
      ...current,
      shots: current.shots.map((s) => {
        if (s.id !== clip.shotId) return s;
        const first = s.takes.length === 0;
        return { ...s, chosenClipId: first ? clip.id : s.chosenClipId, takes: [...s.takes, buildTake(clip.id, { chosen: first })] };
      }),
    };
  }

  /** A take's clip was deleted: it leaves its shot (and the shot has no chosen take if it was that one). */
  function removeTake(clipId: number) {
    current = {
      ...current,
      shots: current.shots.map((s) => ({
        ...s,
        chosenClipId: s.chosenClipId === clipId ? null : s.chosenClipId,
        takes: s.takes.filter((t) => t.clipId !== clipId),
      })),
    };
  }

  return { handle, addTake, removeTake, list: () => current, show: () => currentShow, clips: () => clipList };
}

/**
 * The shots server answers its routes; the tus server the uploads and clips. A finished upload for a
 * shot becomes its take. Installs the fetch mock and a recorder runtime over a memory store.
 */
export function serveShotsAndUploads(options: ShotsServerOptions = {}) {
  const shots = shotsServer(options);
  const tus = new FakeTusServer();
  const calls: ApiCall[] = [];
  const fetchMock = stubFetch(async (request) => {
    const call = apiCall(request);
    const answer = shots.handle(call);
    if (answer) {
      calls.push(call);
      if (call.path.endsWith("/script-check")) {
        const checked = shots.clips().find((c) => `/api/clips/${c.id}/script-check` === call.path);
        if (checked) tus.clips.set(checked.id, checked);
      }
      return answer;
    }
    const response = await tus.fetch(request.url.href, request.init);
    const deleted = call.method === "DELETE" ? /^\/api\/clips\/(\d+)$/.exec(call.path) : null;
    if (deleted && response.ok) shots.removeTake(Number(deleted[1]));
    const made = response.headers.get("upload-clip-id");
    const clip = made ? tus.clips.get(Number(made)) : undefined;
    if (clip && !shots.clips().some((c) => c.id === clip.id)) shots.addTake(clip);
    return response;
  });
  const store = new MemoryClipStore();
  const manager = new UploadManager({ store, fetch: fetchMock, sleep: recordingSleep().sleep, locks: null });
  resetRecorderRuntime({ store, manager });
  return { shots, tus, calls, store };
}

export function renderShotsPage(id: number | string = 42) {
  return renderShowSubpage(`/shows/${id}/shots`, "/shows/:id/shots", ShotsPage);
}
