import { RE2JS } from "re2js";

/** One match: its groups (0 the whole match; undefined for a group that took no part) and where it starts. */
export interface LinearMatch {
  groups: (string | undefined)[];
  index: number;
}

/**
 * A pattern run by RE2 (the re2js port): the time it takes grows in step with the text, whatever the
 * text holds. A backtracking RegExp tries again from every position of a long run that almost matches
 * (20,000 letters with no `@` for an e-mail pattern), which is quadratic; an automaton reads each
 * character once. Used for the patterns of the personal-details check that meet such runs; RE2 has no
 * lookahead, so the others stay RegExps whose every repetition is bounded or anchored.
 */
export class LinearPattern {
  private readonly re: RE2JS;

  constructor(
    readonly source: string,
    options: { ignoreCase?: boolean } = {},
  ) {
    this.re = RE2JS.compile(source, options.ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
  }

  /** Every match from left to right, none overlapping (as String.prototype.matchAll with /g). */
  *matchAll(text: string): Generator<LinearMatch> {
    const matcher = this.re.matcher(text);
    const count = matcher.groupCount();
    while (matcher.find()) {
      const groups: (string | undefined)[] = [];
      for (let g = 0; g <= count; g++) groups.push(matcher.group(g) ?? undefined);
      yield { groups, index: matcher.start() };
    }
  }
}
