import { SHOW_LIMITS, SHOW_MESSAGES, isPlaceholderNarration } from "../../../contracts/shows.ts";
import { scriptSentences } from "../../../contracts/script-sentences.ts";
import { SHOT_MESSAGES, type ShotList, type ShotTake, type TakeSwitch, type UpdateShotBody } from "../../../contracts/shots.ts";
import type { Executor } from "../../../db/executor.ts";
import { badRequest, forbidden, notFound } from "../../http/errors.ts";
import type { ShowRow, ShowsRepository } from "../shows/shows.repository.ts";
import type { VoiceService } from "../voice/voice.service.ts";
import { KEEP_SIMILARITY, capShots, followNarration, lineSimilarity } from "./shot-follow.ts";
import { estimateSeconds, inStep, layOutShots, mergeShots, replaceShotLines, splitShot } from "./shot-plan.ts";
import type { ShotRow, ShotsRepository, TakeRow } from "./shots.repository.ts";
import { replacesChosen } from "./take-choice.ts";

/** What a change of the shot list works on: the show locked, its shots in step with its narration. */
interface InStep {
  tx: Executor;
  show: ShowRow;
  narration: string;
  shots: ShotRow[];
  /** The shots before following the narration, to tell a shot the edit dropped from one never there. */
  before: ShotRow[];
  wordsPerSecond: number;
}

/**
 * The shot list of a show. The narration is the truth for the words; every read or change first lays
 * the shots out (the first time) or follows the narration (when it changed since), under the show's
 * row lock. A take matches its shot's lines while the lines its script check compared it with are
 * still the shot's lines (word similarity >= KEEP_SIMILARITY, the rule that keeps a shot through an
 * edit); a take not checked yet has nothing to say otherwise and counts as matching.
 */
export class ShotsService {
  constructor(
    private readonly shots: ShotsRepository,
    private readonly shows: ShowsRepository,
    private readonly voice: VoiceService,
  ) {}

  list(userId: number, showId: number): Promise<ShotList> {
    return this.inStep(userId, showId, null);
  }

  update(userId: number, showId: number, shotId: number, body: UpdateShotBody): Promise<ShotList> {
    return this.inStep(userId, showId, async (state) => {
      const index = this.indexOf(state, shotId);
      const shot = state.shots[index]!;
      if (body.chosenClipId !== undefined) {
        if (body.chosenClipId !== null && !(await this.shots.isTakeOf(state.tx, showId, shotId, body.chosenClipId))) {
          throw badRequest(SHOT_MESSAGES.takeNotOfShot);
        }
        await this.shots.setChosen(state.tx, showId, shotId, body.chosenClipId);
      }
      if (body.text !== undefined && body.text !== shot.text) {
        const replaced = replaceShotLines(state.narration, state.shots.map((s) => s.text), index, body.text);
        if (!replaced) throw new Error(`shots of show ${showId} are out of step with its narration after following it`);
        if (replaced.narration.length > SHOW_LIMITS.narrationMaxLength) {
          throw badRequest(`Narration must be at most ${SHOW_LIMITS.narrationMaxLength} characters`);
        }
        await this.shots.setNarration(state.tx, showId, replaced.narration);
        await this.shots.saveLayout(state.tx, showId, state.shots.map((s, i) => ({ id: s.id, text: replaced.shotTexts[i]! })));
      }
    });
  }

  split(userId: number, showId: number, shotId: number, beforeSentence: number): Promise<ShotList> {
    return this.inStep(userId, showId, async (state) => {
      const index = this.indexOf(state, shotId);
      const texts = splitShot(state.shots.map((s) => s.text), index, beforeSentence);
      if (!texts) throw badRequest(SHOT_MESSAGES.cannotSplit);
      if (texts.length + (await this.shots.freeClipCount(state.tx, showId)) > SHOW_LIMITS.maxSections) {
        throw forbidden(SHOW_MESSAGES.tooManySections(SHOW_LIMITS.maxSections));
      }
      // The first part keeps the shot (and its takes); the second is a new shot.
      const layout = texts.map((text, i) => ({ id: i <= index ? state.shots[i]!.id : i === index + 1 ? null : state.shots[i - 1]!.id, text }));
      await this.shots.saveLayout(state.tx, showId, layout);
    });
  }

  merge(userId: number, showId: number, shotId: number): Promise<ShotList> {
    return this.inStep(userId, showId, async (state) => {
      const index = this.indexOf(state, shotId);
      const texts = mergeShots(state.narration, state.shots.map((s) => s.text), index);
      if (!texts) throw badRequest(SHOT_MESSAGES.cannotMerge);
      const [shot, next] = [state.shots[index]!, state.shots[index + 1]!];
      const layout = texts.map((text, i) => ({ id: state.shots[i < index + 1 ? i : i + 1]!.id, text }));
      // The next shot's takes join this one; its chosen take stays chosen when this shot had none.
      await this.shots.saveLayout(state.tx, showId, layout, [{ id: next.id, takesTo: index }]);
      if (shot.chosenClipId === null && next.chosenClipId !== null) await this.shots.setChosen(state.tx, showId, shot.id, next.chosenClipId);
    });
  }

  /**
   * After a take's check was stored: uses it in place of its shot's chosen take when take-choice.ts says
   * so, under the show's lock (a choice the camper makes meanwhile is read, not overwritten). Null when
   * the choice stays.
   */
  async useBetterTake(userId: number, showId: number, clipId: number): Promise<TakeSwitch | null> {
    const switched = await this.shots.withLockedShow(userId, showId, async (tx) => {
      const takes = await this.shots.takesOf(tx, showId);
      const fresh = takes.find((t) => t.id === clipId);
      const shot = fresh && (await this.shots.shotsOf(tx, showId)).find((s) => s.id === fresh.shotId);
      if (!fresh || !shot || shot.chosenClipId === null) return null;
      const chosen = takes.find((t) => t.id === shot.chosenClipId && t.shotId === shot.id);
      const use = replacesChosen(chosen ? { id: chosen.id, check: chosen.scriptCheck } : null, { id: fresh.id, check: fresh.scriptCheck }, shot.text);
      if (!use) return null;
      await this.shots.setChosen(tx, showId, shot.id, fresh.id);
      return { shotId: shot.id, clipId: fresh.id, previousClipId: shot.chosenClipId };
    });
    return switched ?? null;
  }

  private indexOf(state: InStep, shotId: number): number {
    const index = state.shots.findIndex((s) => s.id === shotId);
    if (index >= 0) return index;
    // Following the narration just now dropped it: say so, rather than "not found".
    throw notFound(state.before.some((s) => s.id === shotId) ? SHOT_MESSAGES.shotGone : SHOT_MESSAGES.notFound);
  }

  /**
   * Locks the show, brings its shots in step with its narration, runs `change` (when given) and
   * answers with the shot list as it then is.
   */
  private async inStep(userId: number, showId: number, change: ((state: InStep) => Promise<void>) | null): Promise<ShotList> {
    const found = await this.shows.findOwned(userId, showId);
    if (!found) throw notFound(SHOW_MESSAGES.notFound);
    // Read before the transaction: the pace comes from the voice-overs, outside the show's lock.
    const wordsPerSecond = await this.voice.paceOf(userId, this.voice.showVoice(found.voice));
    const list = await this.shots.withLockedShow(userId, showId, async (tx, show) => {
      const narration = show.narration ?? "";
      if (isPlaceholderNarration(narration)) {
        // No script yet (or the AI is rewriting it): the shots wait, untouched, for the words.
        if (change) throw badRequest(SHOT_MESSAGES.noNarration);
        return { showId, wordsPerSecond, shots: [] };
      }
      const before = await this.shots.shotsOf(tx, showId);
      await this.follow(tx, showId, before, narration, wordsPerSecond);
      if (change) {
        const state: InStep = { tx, show, narration, shots: await this.shots.shotsOf(tx, showId), before, wordsPerSecond };
        await change(state);
      }
      return this.shotList(tx, showId, wordsPerSecond);
    });
    if (!list) throw notFound(SHOW_MESSAGES.notFound);
    return list;
  }

  /**
   * Lays the shots out the first time, or follows the narration when it changed since they were; with
   * the show's free clips, at most SHOW_LIMITS.maxSections parts (longer shots beyond that).
   */
  private async follow(tx: Executor, showId: number, shots: ShotRow[], narration: string, wordsPerSecond: number) {
    if (shots.length && inStep(narration, shots.map((s) => s.text))) return;
    const room = SHOW_LIMITS.maxSections - (await this.shots.freeClipCount(tx, showId));
    if (shots.length === 0) {
      const laid = layOutShots(narration, wordsPerSecond).map((text) => ({ id: null, text, linesChanged: false }));
      const texts = capShots(narration, { shots: laid, dropped: [] }, room).shots;
      if (texts.length) await this.shots.saveLayout(tx, showId, texts);
      return;
    }
    const followed = capShots(narration, followNarration(shots, narration, wordsPerSecond), room);
    await this.shots.saveLayout(tx, showId, followed.shots, followed.dropped);
  }

  private async shotList(tx: Executor, showId: number, wordsPerSecond: number): Promise<ShotList> {
    const [shots, takes] = [await this.shots.shotsOf(tx, showId), await this.shots.takesOf(tx, showId)];
    return {
      showId,
      wordsPerSecond,
      shots: shots.map((shot, i) => ({
        id: shot.id,
        number: i + 1,
        text: shot.text,
        sentences: scriptSentences(shot.text),
        estimatedSeconds: estimateSeconds(shot.text, wordsPerSecond),
        chosenClipId: shot.chosenClipId,
        takes: takes.filter((t) => t.shotId === shot.id).map((t) => toTake(t, shot)),
      })),
    };
  }
}

function toTake(take: TakeRow, shot: ShotRow): ShotTake {
  const check = take.scriptCheck;
  const checked = check?.status === "checked";
  return {
    clipId: take.id,
    chosen: take.id === shot.chosenClipId,
    matchesLines: !check || lineSimilarity(check.lines, shot.text) >= KEEP_SIMILARITY,
    wordMatch: checked ? check.wordMatch : null,
    missedSentences: checked ? check.sentences.filter((s) => !s.said).length : null,
  };
}
