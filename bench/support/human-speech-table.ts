import { HUMAN_GROUPS, HUMAN_REGISTERS } from "../../testing/human-takes.ts";
import { describeFigures, tableFigures, type CheckedTake } from "../../testing/script-takes.ts";

/**
 * The human table of bench:script: per register (as recorded, pitched up toward a child's voice) the
 * three figures, then per group its own and left-out takes and per recording the lines it does not say
 * that were marked said (what a camper must never see).
 */
export function printHumanTable(human: readonly CheckedTake[]): void {
  console.log("");
  console.log("real human read speech (Debian's pocketsphinx-testdata), as recorded and pitched up 400 cents:");
  for (const register of HUMAN_REGISTERS) {
    console.log(`human ${register.name.padEnd(20)} ${describeFigures(tableFigures(human.filter((t) => t.reader === `human ${register.name}`)))}`);
  }
  const all = HUMAN_GROUPS.flat();
  for (const take of human) {
    if (take.kind === "unrelated") {
      const said = take.check.sentences.filter((s) => s.said);
      if (said.length) console.log(`  ${take.reader}, ${all[-1 - take.script]!.name} read, marked said: ${said.map((s) => `"${s.text}"`).join(", ")}`);
    } else {
      const wrong = take.check.sentences.filter((s, i) => (take.kind === "own" ? !s.said : i === take.leftOut && s.said));
      if (wrong.length) console.log(`  ${take.reader}, ${take.kind} take of group ${take.script + 1}, wrongly ${take.kind === "own" ? "missed" : "said"}: ${wrong.map((s) => `"${s.text}"`).join(", ")}`);
    }
  }
}
