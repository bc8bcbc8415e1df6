import type { PersonalDetailKind } from "../../contracts/personal-details.ts";
import { LinearPattern } from "./linear-pattern.ts";

/** One personal detail found in a text: its kind, its words and where they are (end exclusive). */
export interface Detection {
  kind: PersonalDetailKind;
  phrase: string;
  start: number;
  end: number;
}

/** Every match of a pattern as a detection of one kind, its phrase the whole match or one group of it. */
export function* matches(text: string, pattern: RegExp | LinearPattern, kind: PersonalDetailKind, group = 0): Generator<Detection> {
  const found = pattern instanceof LinearPattern ? pattern.matchAll(text) : [...text.matchAll(pattern)].map((m) => ({ groups: [...m], index: m.index }));
  for (const { groups, index } of found) {
    const phrase = groups[group];
    if (!phrase) continue;
    const start = index + (group ? groups[0]!.indexOf(phrase) : 0);
    yield { kind, phrase, start, end: start + phrase.length };
  }
}
