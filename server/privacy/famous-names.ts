import famous from "./famous-names.json" with { type: "json" };

/**
 * Famous people and story characters a camper names in a reflection ("we sang Taylor Swift songs", "I
 * read Percy Jackson") are nobody's personal details: flagging them teaches campers to click past the
 * check. Two ways to tell them from a friend's full name, both used by the full-name rule:
 *
 * - a shipped, curated list (famous-names.json: singers, athletes, historical figures, authors, actors,
 *   creators, characters of books, films, shows and games that 11-14 year olds name), matched on whole
 *   words, so "Taylor Swift's", "Martin Luther King Jr." and "Harry Potter night" are found too;
 * - the words around a name that only fit a famous one: "Taylor Swift songs", "a Stephen Curry jersey",
 *   "Louis Braille invented", "dressed up as Harry Styles", "a book by Kate DiCamillo", "looks exactly like
 *   Zac Efron", "my favorite player is", "play basketball like", "President". A friend is seldom a costume,
 *   a poster or an inventor.
 */
const normalise = (name: string) =>
  name
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/[.]/g, "")
    .replace(/[-\s]+/g, " ")
    .trim();

const KNOWN: ReadonlySet<string> = new Set([...famous.people, ...famous.characters].map(normalise));
/** The longest entry, in words: no longer run of words needs looking up. */
const LONGEST = Math.max(...[...KNOWN].map((n) => n.split(" ").length));

/** A title after a name that is part of it ("Martin Luther King Jr."). */
const SUFFIX = /^(?:jr|sr|ii|iii|iv)$/;

/**
 * The famous name that the words of a full name start with, in words: "Taylor Swift Eras" starts with
 * "Taylor Swift" (2); 0 when they start with none.
 */
export function famousPrefix(words: readonly string[]): number {
  const bare = words.map(normalise);
  for (let n = Math.min(bare.length, LONGEST); n >= 2; n--) {
    if (KNOWN.has(bare.slice(0, n).join(" "))) {
      let end = n;
      while (end < bare.length && SUFFIX.test(bare[end]!)) end++;
      return end;
    }
  }
  return 0;
}

/** Words right after a name that make it a star's: "Taylor Swift songs", "a LeBron James jersey". */
const FAN_WORDS_AFTER =
  /^(?:['’]s)?\s+(?:songs?|albums?|concerts?|tours?|lyrics|music|movies?|films?|books?|novels?|series|comics?|jerseys?|posters?|costumes?|fans?|merch|cards?|quotes?|biography|impressions?|playlist|cosplay|trivia|tribute|invented|discovered|composed|directed|starred|founded|highlights|interview|documentary)\b|^\s+(?:is|was|were)\s+on\s+(?:TV|television|YouTube|Netflix|the radio|the news)\b/i;
/**
 * What a star is or won: "is my favorite country singer", "won the US Open". Not the Olympics, a gold
 * medal or a grand slam: camps have their own.
 */
const STAR_AFTER =
  /^(?:['’]s)?\s+(?:(?:is|was)\s+(?:my|our|the|a)\s+(?:(?:favou?rite|best|greatest|famous)\s+)?(?:\w+\s+)?(?:singer|rapper|actor|actress|author|writer|youtuber|streamer|musician|comedian|quarterback|pitcher|popstar|pop\s+star|celebrity)\b|(?:won|wins|plays?\s+(?:in|for)|played\s+(?:in|for)|is\s+in|was\s+in)\b[^.!?]{0,30}\b(?:US Open|Wimbledon|Super Bowl|NBA|WNBA|NFL|MLB|NHL|Grammys?|Oscars?|World Series|Stanley Cup)\b)/i;
/** Words right before a name that make it a star's or a character's: "dressed up as", "a book by". */
const FAN_WORDS_BEFORE =
  /\b(?:dressed(?:\s+up)?\s+as|dress(?:\s+up)?\s+as|dressing(?:\s+up)?\s+as|costume\s+of|pretend(?:ed|ing)?\s+to\s+be|impression\s+of|impersonat(?:ed|ing|e)|(?:book|books|novel|novels|song|songs|poem|poems|series|written|sung)\s+by|biography\s+of|report\s+(?:on|about)|poster\s+of|cutout\s+of|(?:documentary|movie|film|book|song)\s+(?:about|on)|learned\s+about|(?:looks?|looked|sounds?|sounded)\s+(?:exactly\s+|just\s+)?like|(?:be|play|sing|dance|swim|draw|dunk|shoot|skate|dribble|throw|kick)\s+(?:[a-z]+\s+)?(?:just\s+)?like|favou?rite\s+(?:player|singer|author|writer|artist|athlete|actor|actress|character|rapper|youtuber|streamer|gamer|hero|superhero|president|scientist|musician|comedian|olympian)\s+(?:is|was)|(?:my\s+)?(?:role\s+model|hero|idol)\s+is|famous|legendary|president|senator|general|king|queen|prince|princess|sir|saint|lord|lady|we\s+read|i\s+read|reading|re-?read)\s+(?:a\s+|the\s+)?$/i;

/** Whether the words around a name (text before it and after it) say it is a famous one. */
export function famousByContext(before: string, after: string): boolean {
  return FAN_WORDS_AFTER.test(after) || STAR_AFTER.test(after) || FAN_WORDS_BEFORE.test(before.slice(-60));
}
