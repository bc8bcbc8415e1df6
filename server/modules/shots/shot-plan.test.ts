import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SHOT_LIMITS } from "../../../contracts/shots.ts";
import { scriptSentences } from "../../../contracts/script-sentences.ts";
import { countSpokenWords } from "../voice/voice-timing.ts";
import { KEEP_SIMILARITY, capShots, followNarration, lineSimilarity } from "./shot-follow.ts";
import { estimateSeconds, inStep, layOutShots, locateShots, mergeShots, replaceShotLines, splitShot } from "./shot-plan.ts";

/** 2.5 words a second: a 10 s shot is 25 words, 5 s is 12.5, 15 s is 37.5. */
const WPS = 2.5;

const PARAGRAPHS = [
  "This summer at camp I learned to paddle a canoe across the lake. At first I tipped over twice and the water was freezing cold.",
  "Our counselor, Dr. Rivera, showed us how to steer from the back of the boat. By the end of the week we raced the older kids and almost won!",
  "On the last night we sang songs around the fire 🔥 and watched the stars. I will never forget how quiet the lake was after everyone went to sleep.",
];
const STORY = PARAGRAPHS.join("\n\n");

function secondsOf(text: string) {
  return countSpokenWords(text) / WPS;
}

/** Old shots as the database has them: ids 1, 2, 3 ... */
function withIds(texts: string[]) {
  return texts.map((text, i) => ({ id: i + 1, text }));
}

function expectWellFormed(narration: string, texts: string[]) {
  expect(inStep(narration, texts)).toBe(true);
  // Whole sentences only: the shots' sentences are the narration's.
  expect(texts.flatMap((t) => scriptSentences(t))).toEqual(scriptSentences(narration));
  for (const text of texts) expect(text).toBe(text.trim());
}

describe("laying a narration out into shots", () => {
  it("keeps one long sentence as one shot, never cutting it", () => {
    const long = `We ${"paddled and laughed and ".repeat(20)}finally reached the island.`;
    expect(secondsOf(long)).toBeGreaterThan(SHOT_LIMITS.maxSeconds);
    expect(layOutShots(long, WPS)).toEqual([long]);
  });

  it("groups many short sentences into shots between the minimum and the maximum", () => {
    const narration = Array.from({ length: 40 }, (_, i) => `We swam lap ${i + 1}.`).join(" ");
    const shots = layOutShots(narration, WPS);
    expectWellFormed(narration, shots);
    expect(shots.length).toBeGreaterThan(3);
    for (const shot of shots) {
      expect(secondsOf(shot)).toBeGreaterThanOrEqual(SHOT_LIMITS.minSeconds);
      expect(secondsOf(shot)).toBeLessThanOrEqual(SHOT_LIMITS.maxSeconds);
    }
  });

  it("keeps quotes, numbers, abbreviations and emoji inside their sentences", () => {
    const narration = [
      'Maya said "Let\'s go!" and ran to the dock.',
      "The lake is 3.5 km wide, and in 2024 we crossed it in 41 minutes.",
      "Mr. Lee timed us with his old stopwatch 🏆.",
      "🌊 The waves got bigger after lunch... but we kept going!",
      "We ate 2 sandwiches each, e.g. peanut butter, before the swim back.",
    ].join(" ");
    const shots = layOutShots(narration, WPS);
    expectWellFormed(narration, shots);
    const sentences = shots.flatMap((s) => scriptSentences(s));
    expect(sentences).toContain("The lake is 3.5 km wide, and in 2024 we crossed it in 41 minutes.");
    expect(sentences).toContain("Mr. Lee timed us with his old stopwatch 🏆.");
    expect(sentences).toContain('Maya said "Let\'s go!" and ran to the dock.');
    expect(sentences).toContain("We ate 2 sandwiches each, e.g. peanut butter, before the swim back.");
  });

  it("ends shots at paragraph breaks when the paragraphs are about a shot long", () => {
    const shots = layOutShots(STORY, WPS);
    expect(shots).toEqual(PARAGRAPHS);
  });

  it("ends a sentence at a line break even without a full stop (a heading)", () => {
    const narration = "My Summer\n\nI learned to swim this year at camp with my best friends from school. It was great.";
    expect(scriptSentences(narration)[0]).toBe("My Summer");
  });

  it("lays out nothing for an empty narration and estimates seconds at the given pace", () => {
    expect(layOutShots("  \n ", WPS)).toEqual([]);
    expect(estimateSeconds("one two three four five", WPS)).toBe(2);
  });
});

describe("splitting, merging and editing shots", () => {
  const shots = layOutShots(STORY, WPS);

  it("splits a shot before one of its sentences, and refuses a split outside them", () => {
    const split = splitShot(shots, 1, 1)!;
    expect(split).toHaveLength(4);
    expect(split[1]).toBe("Our counselor, Dr. Rivera, showed us how to steer from the back of the boat.");
    expect(split[2]).toBe("By the end of the week we raced the older kids and almost won!");
    expectWellFormed(STORY, split);
    expect(splitShot(shots, 1, 0)).toBeNull();
    expect(splitShot(shots, 1, 2)).toBeNull();
    expect(splitShot(shots, 9, 1)).toBeNull();
  });

  it("merges a shot with the next, keeping the paragraph break between them", () => {
    const merged = mergeShots(STORY, shots, 0)!;
    expect(merged).toHaveLength(2);
    expect(merged[0]).toBe(`${PARAGRAPHS[0]}\n\n${PARAGRAPHS[1]}`);
    expectWellFormed(STORY, merged);
    expect(mergeShots(STORY, shots, 2)).toBeNull();
    expect(mergeShots(STORY, splitShot(shots, 1, 1)!, 1)).toEqual(shots);
  });

  it("puts a shot's edited lines into the narration and leaves every other character as it was", () => {
    const narration = `  ${PARAGRAPHS[0]}\n\n${PARAGRAPHS[1]}  \n\n\n${PARAGRAPHS[2]}\n`;
    const laid = layOutShots(narration, WPS);
    const edited = replaceShotLines(narration, laid, 1, "  Our counselor showed us how to steer.  ")!;
    expect(edited.narration).toBe(`  ${PARAGRAPHS[0]}\n\nOur counselor showed us how to steer.  \n\n\n${PARAGRAPHS[2]}\n`);
    expect(edited.shotTexts[1]).toBe("Our counselor showed us how to steer.");
    expect(inStep(edited.narration, edited.shotTexts)).toBe(true);
  });

  it("finds each shot in the narration whatever the whitespace, and nothing when out of step", () => {
    const located = locateShots(STORY, shots)!;
    expect(located.map((s) => STORY.slice(s.start, s.end))).toEqual(shots);
    expect(locateShots(`${STORY} More.`, shots)).toBeNull();
  });
});

describe("following a narration edit", () => {
  const before = withIds(layOutShots(STORY, WPS));

  it("keeps every shot id through a one-word fix", () => {
    const fixed = STORY.replace("freezing cold", "freezing");
    const { shots, dropped } = followNarration(before, fixed, WPS);
    expect(shots.map((s) => s.id)).toEqual([1, 2, 3]);
    expect(shots.every((s) => !s.linesChanged)).toBe(true);
    expect(shots[0]!.text).toBe(PARAGRAPHS[0]!.replace("freezing cold", "freezing"));
    expect(dropped).toEqual([]);
    expectWellFormed(fixed, shots.map((s) => s.text));
  });

  it("keeps a rewritten shot's id and says its lines changed, leaving the others alone", () => {
    const rewrite = "Then a huge thunderstorm rolled over the hills. Everybody ran inside the dining hall and played card games.";
    const edited = STORY.replace(PARAGRAPHS[1]!, rewrite);
    const { shots, dropped } = followNarration(before, edited, WPS);
    expect(shots).toEqual([
      { id: 1, text: PARAGRAPHS[0], linesChanged: false },
      { id: 2, text: rewrite, linesChanged: true },
      { id: 3, text: PARAGRAPHS[2], linesChanged: false },
    ]);
    expect(dropped).toEqual([]);
  });

  it("makes a sentence inserted between shots a new shot, and one inserted inside a shot part of it", () => {
    const between = "Then came the talent show where my cabin did a funny dance about mosquitoes and bug spray.";
    const edited = STORY.replace(`\n\n${PARAGRAPHS[1]}`, `\n\n${between}\n\n${PARAGRAPHS[1]}`);
    const first = followNarration(before, edited, WPS);
    expect(first.shots.map((s) => s.id)).toEqual([1, null, 2, 3]);
    expect(first.shots[1]!.text).toBe(between);

    const inside = STORY.replace("boat. By", "boat. Wow. By");
    const second = followNarration(before, inside, WPS);
    expect(second.shots.map((s) => s.id)).toEqual([1, 2, 3]);
    expect(second.shots[1]!.text).toBe(PARAGRAPHS[1]!.replace("boat. By", "boat. Wow. By"));
    expect(second.shots[1]!.linesChanged).toBe(false);
  });

  it("drops a shot whose text is gone and gives its takes to the next shot", () => {
    const edited = `${PARAGRAPHS[0]}\n\n${PARAGRAPHS[2]}`;
    const { shots, dropped } = followNarration(before, edited, WPS);
    expect(shots.map((s) => s.id)).toEqual([1, 3]);
    expect(dropped).toEqual([{ id: 2, takesTo: 1 }]);
    // The last shot gone: its takes go to the shot before.
    expect(followNarration(before, `${PARAGRAPHS[0]}\n\n${PARAGRAPHS[1]}`, WPS).dropped).toEqual([{ id: 3, takesTo: 1 }]);
  });

  it("keeps the shots (marked changed) through an AI rewrite of everything", () => {
    const rewrite = [
      "Camp taught me that being brave does not mean you are never scared. It means trying anyway, even when the lake looks huge.",
      "I made three new friends in my cabin, and we laughed every single night until the counselors told us to be quiet.",
      "Next summer I want to come back as a junior leader and help the younger campers learn to paddle too.",
    ].join("\n\n");
    const { shots, dropped } = followNarration(before, rewrite, WPS);
    expect(shots.map((s) => s.id)).toEqual([1, 2, 3]);
    expect(shots.every((s) => s.linesChanged)).toBe(true);
    expect(dropped).toEqual([]);
    expectWellFormed(rewrite, shots.map((s) => s.text));
  });

  it("lays a much longer rewrite of one shot out again, its first part keeping the id", () => {
    const long = Array.from({ length: 6 }, (_, i) => `Rewritten part ${i + 1} talks about the archery range and the bullseye I finally hit.`).join(" ");
    const edited = STORY.replace(PARAGRAPHS[1]!, long);
    const { shots } = followNarration(before, edited, WPS);
    expect(shots[0]!.id).toBe(1);
    expect(shots[1]).toMatchObject({ id: 2, linesChanged: true });
    expect(shots.at(-1)!.id).toBe(3);
    expect(shots.filter((s) => s.id === null).length).toBeGreaterThan(0);
    for (const shot of shots) expect(secondsOf(shot.text)).toBeLessThanOrEqual(SHOT_LIMITS.maxSeconds);
    expectWellFormed(edited, shots.map((s) => s.text));
  });

  it("follows edits of scripts made of many short sentences", () => {
    const narration = Array.from({ length: 30 }, (_, i) => `We swam lap ${i + 1}.`).join(" ");
    const old = withIds(layOutShots(narration, WPS));
    const edited = narration.replace("We swam lap 7.", "We swam lap seven.").replace("We swam lap 20. ", "");
    const { shots } = followNarration(old, edited, WPS);
    expect(shots.map((s) => s.id)).toEqual(old.map((s) => s.id));
    expectWellFormed(edited, shots.map((s) => s.text));
  });

  it("keeps the ids through small fixes of numbers, quotes and emoji", () => {
    const narration = 'Maya said "Let\'s go!" and ran to the dock. The lake is 3.5 km wide and in 2024 we crossed it in 41 minutes.\n\nMr. Lee timed us 🏆. We were so proud of our team and of every single camper who tried.';
    const old = withIds(layOutShots(narration, WPS));
    const edited = narration.replace("3.5", "4.5").replace("🏆", "🏆🎉").replace('"Let\'s go!"', '"Let\'s go now!"');
    const { shots } = followNarration(old, edited, WPS);
    expect(shots.map((s) => s.id)).toEqual(old.map((s) => s.id));
    expect(shots.every((s) => !s.linesChanged)).toBe(true);
    expectWellFormed(edited, shots.map((s) => s.text));
  });

  it("always gives shots in step with the edited narration, each old shot kept once or dropped with a home for its takes", () => {
    const sentence = fc
      .array(fc.constantFrom("we", "swam", "lake", "camp", "fire", "3.5", "2024", "Dr.", "Smith", "🎉", "friends", "canoe", "night"), { minLength: 1, maxLength: 12 })
      .map((words) => `${words.join(" ").replace(/^./, (c) => c.toUpperCase())}.`);
    const script = fc.array(fc.tuple(sentence, fc.boolean()), { minLength: 1, maxLength: 25 }).map((parts) => parts.map(([s, para], i) => (i && para ? `\n\n${s}` : i ? ` ${s}` : s)).join(""));
    fc.assert(
      fc.property(script, script, fc.nat(), (original, insert, cut) => {
        const old = withIds(layOutShots(original, WPS));
        // An edit: part of the script cut out and other text put in its place.
        const at = cut % (original.length + 1);
        const edited = `${original.slice(0, at)} ${insert} ${original.slice(at + (cut % 40))}`.trim();
        const { shots, dropped } = followNarration(old, edited, WPS);
        expect(inStep(edited, shots.map((s) => s.text))).toBe(true);
        const kept = shots.flatMap((s) => (s.id === null ? [] : [s.id]));
        expect(new Set(kept).size).toBe(kept.length);
        expect([...kept, ...dropped.map((d) => d.id)].sort((a, b) => a - b)).toEqual(old.map((s) => s.id));
        for (const d of dropped) if (shots.length) expect(shots[d.takesTo!]).toBeDefined();
      }),
      { numRuns: 150 },
    );
  });

  it("changes nothing when nothing changed", () => {
    expect(followNarration(before, STORY, WPS).shots).toEqual(before.map((s) => ({ ...s, linesChanged: false })));
  });
});

describe("line similarity", () => {
  it("ignores case and punctuation and tells a small fix from a rewrite", () => {
    expect(lineSimilarity("We swam, and ran!", "we swam and ran")).toBe(1);
    expect(lineSimilarity(PARAGRAPHS[0]!, PARAGRAPHS[0]!.replace("twice", "three times"))).toBeGreaterThanOrEqual(KEEP_SIMILARITY);
    expect(lineSimilarity(PARAGRAPHS[0]!, PARAGRAPHS[1]!)).toBeLessThan(KEEP_SIMILARITY);
    expect(lineSimilarity("🎉", "🎉")).toBe(1);
    expect(lineSimilarity("🎉", "🌊")).toBe(0);
  });
});

describe("capShots", () => {
  const sentence = (i: number) => `On day ${i} we paddled across the lake and sang by the fire until the stars came out.`;

  it("merges the neighbours with the fewest words until the cap, the shots still the narration in order", () => {
    const narration = Array.from({ length: 30 }, (_, i) => sentence(i + 1)).join(" ");
    const laid = layOutShots(narration, WPS).map((text) => ({ id: null, text, linesChanged: false }));
    expect(laid.length).toBeGreaterThan(10);
    const { shots, dropped } = capShots(narration, { shots: laid, dropped: [] }, 10);
    expect(shots).toHaveLength(10);
    expect(dropped).toEqual([]);
    expect(inStep(narration, shots.map((s) => s.text))).toBe(true);
    // Evenly: no shot holds more than twice the words of another (each is three sentences of the same length).
    const words = shots.map((s) => countSpokenWords(s.text));
    expect(Math.max(...words)).toBeLessThanOrEqual(2 * Math.min(...words));
  });

  it("keeps a kept shot's id through a merge; a second kept shot merged in is dropped, its takes going to the merged shot", () => {
    const old = [PARAGRAPHS[0]!, PARAGRAPHS[1]!, PARAGRAPHS[2]!, "Next summer I want to come back and learn to sail a real boat with my friends."];
    const before = old.map((text, i) => ({ id: i + 1, text }));
    // Text added after shot 2 becomes new shots; the cap then merges.
    const added = Array.from({ length: 8 }, (_, i) => `Story ${["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"][i]} tells of owls, frogs, tents and marshmallows burning bright.`);
    const narration = [old[0], old[1], ...added, old[2], old[3]].join(" ");
    const followed = followNarration(before, narration, WPS);
    expect(followed.shots.length).toBeGreaterThan(3);
    const { shots, dropped } = capShots(narration, followed, 3);
    expect(shots).toHaveLength(3);
    expect(inStep(narration, shots.map((s) => s.text))).toBe(true);
    const kept = shots.flatMap((s) => (s.id === null ? [] : [s.id]));
    expect(dropped.length).toBeGreaterThan(0);
    // Every old shot is either kept or dropped with an heir among the shots left; none is lost.
    expect([...kept, ...dropped.map((d) => d.id)].sort()).toEqual([1, 2, 3, 4]);
    for (const d of dropped) expect(shots[d.takesTo!]).toBeDefined();
    // A dropped shot's heir holds its lines.
    for (const d of dropped) expect(shots[d.takesTo!]!.text).toContain(old[d.id - 1]!);
  });
});
