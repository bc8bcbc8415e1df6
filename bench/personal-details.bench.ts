/**
 * Precision and recall of the offline personal-details check on the labelled camp texts
 * (bench/support/personal-details-cases.ts): `npm run bench:privacy`.
 *
 * A finding is right when it overlaps a labelled detail of the same kind; each labelled detail not
 * found is a miss. Printed for the core table (what the tests assert), with the hard cases added, and
 * for the labelled camp sentences (bench/support/personal-details-camp-cases.ts).
 */
import type { PersonalDetailKind } from "../contracts/personal-details.ts";
import { detectPersonalDetails } from "../server/privacy/personal-details.ts";
import { CAMP_CASES } from "./support/personal-details-camp-cases.ts";
import { CORE_CASES, HARD_CASES, type LabelledCase } from "./support/personal-details-cases.ts";
import { AFTER_FRESH_BATCH, FRESH_BATCH } from "./support/personal-details-fresh-cases.ts";

interface Tally {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
}

function score(cases: LabelledCase[]) {
  const total: Tally = { truePositives: 0, falsePositives: 0, falseNegatives: 0 };
  const byKind = new Map<PersonalDetailKind, Tally>();
  const tally = (kind: PersonalDetailKind) => {
    if (!byKind.has(kind)) byKind.set(kind, { truePositives: 0, falsePositives: 0, falseNegatives: 0 });
    return byKind.get(kind)!;
  };
  const mistakes: string[] = [];
  let cleanFlagged = 0;
  for (const c of cases) {
    if (!c.expected.length && detectPersonalDetails(c.text).length) cleanFlagged++;
    const expected = c.expected.map((e) => {
      const start = c.text.indexOf(e.phrase);
      if (start < 0) throw new Error(`Labelled phrase not in its text: ${e.phrase}`);
      return { ...e, start, end: start + e.phrase.length, matched: false };
    });
    for (const d of detectPersonalDetails(c.text)) {
      const hit = expected.find((e) => !e.matched && e.kind === d.kind && d.start < e.end && e.start < d.end);
      if (hit) {
        hit.matched = true;
        total.truePositives++;
        tally(d.kind).truePositives++;
      } else {
        total.falsePositives++;
        tally(d.kind).falsePositives++;
        mistakes.push(`false alarm ${d.kind} "${d.phrase}" in: ${c.text}`);
      }
    }
    for (const e of expected.filter((x) => !x.matched)) {
      total.falseNegatives++;
      tally(e.kind).falseNegatives++;
      mistakes.push(`missed ${e.kind} "${e.phrase}" in: ${c.text}`);
    }
  }
  return { total, byKind, mistakes, cleanFlagged };
}

const ratio = (n: number, d: number) => (d === 0 ? "n/a" : `${((100 * n) / d).toFixed(1)}%`);
const precision = (t: Tally) => ratio(t.truePositives, t.truePositives + t.falsePositives);
const recall = (t: Tally) => ratio(t.truePositives, t.truePositives + t.falseNegatives);

function report(label: string, cases: LabelledCase[]) {
  const { total, byKind, mistakes, cleanFlagged } = score(cases);
  const details = cases.reduce((n, c) => n + c.expected.length, 0);
  const clean = cases.filter((c) => !c.expected.length).length;
  console.log(`\n${label}: ${cases.length} texts, ${details} labelled details, ${clean} texts with none`);
  console.log(`  precision ${precision(total)}  recall ${recall(total)}  (tp ${total.truePositives}, fp ${total.falsePositives}, fn ${total.falseNegatives})`);
  console.log(`  false alarms on ${cleanFlagged} of ${clean} texts with none (${ratio(cleanFlagged, clean)})`);
  for (const [kind, t] of [...byKind].sort()) console.log(`    ${kind.padEnd(10)} precision ${precision(t).padStart(6)}  recall ${recall(t).padStart(6)}`);
  for (const m of mistakes) console.log(`    - ${m}`);
}

report("Core table (asserted by server/privacy/personal-details.test.ts)", CORE_CASES);
report("Core + hard cases", [...CORE_CASES, ...HARD_CASES]);
report("Camp sentences", CAMP_CASES);
report("Fresh batch (also in the camp sentences; written before the rules were tuned for it)", FRESH_BATCH);
report("Written after the fresh batch's tuning (also in the camp sentences)", AFTER_FRESH_BATCH);
