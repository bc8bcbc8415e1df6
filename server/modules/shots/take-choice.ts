import type { ScriptCheck } from "../../../contracts/shots.ts";
import { KEEP_SIMILARITY, lineSimilarity } from "./shot-follow.ts";

/**
 * Which take of a shot the video uses, when a check comes in (decision record 026c). The camper's choice
 * stands, except in one case the camper would always agree with: the chosen take is known to miss some
 * of the shot's lines and the take just checked says every one of them. Then the new take is used (the
 * camper is told, with an Undo). A take whose check is unavailable, or not done yet, is never replaced
 * and never replaces: nothing says it is worse or better.
 */

/** A take with its stored script check. */
export interface CheckedTake {
  id: number;
  check: ScriptCheck | null;
}

/** The check heard every sentence of exactly these lines. */
export function saysEveryLine(check: ScriptCheck | null, lines: string): boolean {
  return check?.status === "checked" && check.lines === lines && check.sentences.length > 0 && check.sentences.every((s) => s.said);
}

/**
 * The check found the take missing some of these lines: a sentence missed, or it was checked against
 * lines since rewritten (it says other words than the shot now has).
 */
export function missesLines(check: ScriptCheck | null, lines: string): boolean {
  if (check?.status !== "checked") return false;
  if (lineSimilarity(check.lines, lines) < KEEP_SIMILARITY) return true;
  return check.sentences.some((s) => !s.said);
}

/** Whether `fresh`, just checked against the shot's `lines`, takes the place of the `chosen` take. */
export function replacesChosen(chosen: CheckedTake | null, fresh: CheckedTake, lines: string): boolean {
  if (!chosen || chosen.id === fresh.id) return false;
  return missesLines(chosen.check, lines) && saysEveryLine(fresh.check, lines);
}
