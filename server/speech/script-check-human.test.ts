import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HUMAN_GROUPS, humanSpeechAvailable, makeHumanTakes } from "../../testing/human-takes.ts";
import { checkTableTakes, tableFigures, type CheckedTake } from "../../testing/script-takes.ts";
import { PocketsphinxAligner } from "./pocketsphinx-aligner.ts";

/**
 * The take check on real human read speech: LibriVox sentences from Debian's pocketsphinx-testdata
 * (one reader), as recorded and pitched up toward a child's voice with sox, checked offline as after a
 * real take. A take that reads other lines must never have them marked said; a take that reads its
 * own lines has them said. `npm run bench:script` prints the same figures over more recordings.
 */

let work: string;
let checked: CheckedTake[];

const LIBRIVOX = HUMAN_GROUPS[0]!;

const describeTake = (t: CheckedTake) =>
  `${t.reader}, ${t.kind} against "${t.lines.slice(0, 60)}...": ${t.check.sentences.map((s) => `"${s.text}" ${s.said ? "said" : "missed"} (${s.words.map((w) => (w.heard ? w.word : "-")).join(" ")})`).join("; ")}`;

beforeAll(async () => {
  // CI installs pocketsphinx-testdata and sox (.ci/run); without them this is a setup error, not a pass.
  expect(humanSpeechAvailable(), "install Debian's pocketsphinx-testdata and sox").toBe(true);
  work = await mkdtemp(path.join(tmpdir(), "script-check-human-"));
  checked = await checkTableTakes(new PocketsphinxAligner(), await makeHumanTakes(work, { groups: [LIBRIVOX], campScripts: 3 }), 2);
}, 600_000);
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe("the take check on real human read speech (LibriVox, offline pocketsphinx)", () => {
  it("a reading checked against lines it does not say: no sentence of them is marked said, in an adult's or a raised voice", () => {
    const unrelated = checked.filter((t) => t.kind === "unrelated");
    // Each of the 5 recordings, in 2 registers, against the 4 other lines and 3 camp scripts.
    expect(unrelated).toHaveLength(LIBRIVOX.length * 2 * (LIBRIVOX.length - 1 + 3));
    expect(new Set(unrelated.map((t) => t.reader))).toEqual(new Set(["human adult", "human child"]));
    const wrong = unrelated.filter((t) => t.check.sentences.some((s) => s.said));
    expect(wrong.map(describeTake)).toEqual([]);
  });

  it("the same readings against their own lines: every sentence said", () => {
    const own = checked.filter((t) => t.kind === "own");
    expect(own).toHaveLength(2);
    for (const take of own) {
      expect(take.check.status).toBe("checked");
      expect(take.check.source).toBe("offline");
      expect(take.check.sentences.map((s) => s.text)).toEqual(LIBRIVOX.map((r) => r.text));
      expect(take.check.sentences.filter((s) => !s.said).map((s) => `${take.reader}: "${s.text}" missed`)).toEqual([]);
    }
  });

  it("a reading with one sentence left out: that sentence is found missed, wherever it sat", () => {
    const figures = tableFigures(checked.filter((t) => t.kind === "left-out"));
    expect(figures.leftOutTakes).toBe(LIBRIVOX.length * 2);
    expect(figures.leftOutMissed).toBe(figures.leftOutTakes);
  });
});
