import { SHOT_MESSAGES } from "../../../../contracts/shots-constants.ts";
import type { ScriptCheck, Shot, ShotList, TakeSwitch } from "../../../../contracts/shots.ts";

/** "About 8 seconds": estimates are at the camper's pace, so never more precise than a second. */
export function aboutSeconds(seconds: number): string {
  const whole = Math.max(1, Math.round(seconds));
  return `About ${whole} ${whole === 1 ? "second" : "seconds"}`;
}

/** A 0-1 share as "85 %" (the app's way of writing percentages). */
export function percent(share: number): string {
  return `${Math.round(Math.min(1, Math.max(0, share)) * 100)} %`;
}

/** What the list says of a shot's takes: none yet, how many, and whether one is chosen. */
export function takesSummary(shot: Pick<Shot, "takes" | "chosenClipId">): string {
  const count = shot.takes.length;
  if (count === 0) return "No take yet";
  const takes = `${count} ${count === 1 ? "take" : "takes"}`;
  return shot.chosenClipId !== null ? `Take chosen (${takes})` : `${takes}, none chosen`;
}

/** The shot to record first: the first one still without a chosen take (else the first). */
export function firstShotToRecord(list: ShotList): number {
  return list.shots.find((s) => s.chosenClipId === null)?.number ?? 1;
}

/** Indexes of the shot's sentences the check marked missed (matched by their words, as the lines may have moved). */
export function missedSentenceIndexes(shot: Pick<Shot, "sentences">, check: ScriptCheck | null): Set<number> {
  const missed = new Set<number>();
  if (!check || check.status !== "checked") return missed;
  const key = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  const missedTexts = new Set(check.sentences.filter((s) => !s.said).map((s) => key(s.text)));
  shot.sentences.forEach((sentence, index) => {
    if (missedTexts.has(key(sentence))) missed.add(index);
  });
  return missed;
}

/** What a screen reader hears once a take is checked. */
export function checkAnnouncement(shotNumber: number, check: ScriptCheck): string {
  if (check.status === "unavailable") return `Shot ${shotNumber}: ${check.message ?? "the script check isn't available."}`;
  const said = check.sentences.filter((s) => s.said).length;
  return `Shot ${shotNumber} checked: ${said} of ${check.sentences.length} sentences said, ${percent(check.wordMatch)} of the words found.`;
}

/** A take's number within its shot (oldest first, from 1), as the shot's takes list numbers them. */
export function takeNumber(shot: Pick<Shot, "takes">, clipId: number): number | null {
  const index = shot.takes.findIndex((t) => t.clipId === clipId);
  return index < 0 ? null : index + 1;
}

/** What the camper reads and hears when a take that says every line was used in place of one that missed some. */
export function switchMessage(shot: Pick<Shot, "takes" | "number">, change: TakeSwitch): string {
  const [now, before] = [takeNumber(shot, change.clipId), takeNumber(shot, change.previousClipId)];
  if (now === null || before === null) return `This take says every line, so your video now uses it for shot ${shot.number}.`;
  return SHOT_MESSAGES.takeSwitched(shot.number, now, before);
}
