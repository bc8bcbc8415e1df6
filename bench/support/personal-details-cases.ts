import type { PersonalDetailKind } from "../../contracts/personal-details.ts";

/**
 * Labelled camp texts for the personal-details check: what a careful grown-up would flag in each. `core`
 * is what the detector must get exactly right (the test table asserts it); `hard` is written to find its
 * limits (spoken forms, odd spacing, names that are words) and only counts towards the measured
 * precision and recall in `npm run bench:privacy`.
 */
export interface LabelledCase {
  text: string;
  /** Each personal detail in the text: its kind and the words that give it away. */
  expected: { kind: PersonalDetailKind; phrase: string }[];
}

const none: LabelledCase["expected"] = [];

type Label = [PersonalDetailKind, string];
/** A text and the personal details in it, each as [kind, words]. */
export const flag = (text: string, ...labels: Label[]): LabelledCase => ({ text, expected: labels.map(([kind, phrase]) => ({ kind, phrase })) });
/** A text with no personal detail in it. */
export const clean = (text: string): LabelledCase => ({ text, expected: [] });

export const CORE_CASES: LabelledCase[] = [
  // Phone numbers
  { text: "Call me at 555-123-4567 after camp!", expected: [{ kind: "phone", phrase: "555-123-4567" }] },
  { text: "My mom's number is (555) 987-6543.", expected: [{ kind: "phone", phrase: "(555) 987-6543" }] },
  { text: "Text 07700 900123 if you want to hang out.", expected: [{ kind: "phone", phrase: "07700 900123" }] },
  { text: "Our number is +1 415 555 0199.", expected: [{ kind: "phone", phrase: "+1 415 555 0199" }] },
  { text: "Ring me on 555.201.3344 any time.", expected: [{ kind: "phone", phrase: "555.201.3344" }] },
  { text: "My number is five five five one two three four.", expected: [{ kind: "phone", phrase: "five five five one two three four" }] },
  // E-mail addresses
  { text: "Email me at maya.lee@gmail.com for the photos.", expected: [{ kind: "email", phrase: "maya.lee@gmail.com" }] },
  { text: "Write to coolkid_2012@yahoo.co.uk!", expected: [{ kind: "email", phrase: "coolkid_2012@yahoo.co.uk" }] },
  { text: "It's leo dot park at outlook dot com.", expected: [{ kind: "email", phrase: "leo dot park at outlook dot com" }] },
  // Street addresses
  { text: "I live at 42 Maple Street with my dog.", expected: [{ kind: "address", phrase: "42 Maple Street" }] },
  { text: "Come to 1600 Pennsylvania Ave. for the party.", expected: [{ kind: "address", phrase: "1600 Pennsylvania Ave." }] },
  { text: "We live on Birchwood Drive near the park.", expected: [{ kind: "address", phrase: "Birchwood Drive" }] },
  { text: "my house is 17 oak lane, the blue one.", expected: [{ kind: "address", phrase: "17 oak lane" }] },
  // Social media names
  { text: "Follow me @maya_dances for more videos!", expected: [{ kind: "handle", phrase: "@maya_dances" }] },
  { text: "My TikTok is leo.skates22, go watch.", expected: [{ kind: "handle", phrase: "leo.skates22" }] },
  { text: "Find me on Instagram at sunnyside_sam.", expected: [{ kind: "handle", phrase: "sunnyside_sam" }] },
  // Full names
  { text: "My best friend Maya Johnson taught me to paddle.", expected: [{ kind: "full_name", phrase: "Maya Johnson" }] },
  { text: "Lucas Fernandez and I built the raft.", expected: [{ kind: "full_name", phrase: "Lucas Fernandez" }] },
  { text: "Our counselor, Emily Rose Carter, sang by the fire.", expected: [{ kind: "full_name", phrase: "Emily Rose Carter" }] },
  { text: "Hi, I'm Oliver McKenzie and this is my summer.", expected: [{ kind: "full_name", phrase: "Oliver McKenzie" }] },
  // School names
  { text: "Next year I start at Lincoln Middle School.", expected: [{ kind: "school", phrase: "Lincoln Middle School" }] },
  { text: "Everyone from Riverside Academy came too.", expected: [{ kind: "school", phrase: "Riverside Academy" }] },
  { text: "I go to Oak Hill Elementary School.", expected: [{ kind: "school", phrase: "Oak Hill Elementary School" }] },
  { text: "My class at St. Mary's School made the banner.", expected: [{ kind: "school", phrase: "St. Mary's School" }] },
  // Ages with names
  { text: "Maya is 12 and she is the fastest swimmer.", expected: [{ kind: "age", phrase: "Maya is 12" }] },
  { text: "My brother Leo just turned eleven!", expected: [{ kind: "age", phrase: "Leo just turned eleven" }] },
  { text: "This is 13-year-old Sophie on the zip line.", expected: [{ kind: "age", phrase: "13-year-old Sophie" }] },
  { text: "My name is Ava and I'm 11 years old.", expected: [{ kind: "age", phrase: "My name is Ava and I'm 11 years old" }] },
  { text: "Then Noah, 12, jumped in the lake.", expected: [{ kind: "age", phrase: "Noah, 12" }] },
  // Several at once
  {
    text: "Sam Taylor is the best. Call 555-222-3333 or email sam@camp.org.",
    expected: [
      { kind: "full_name", phrase: "Sam Taylor" },
      { kind: "phone", phrase: "555-222-3333" },
      { kind: "email", phrase: "sam@camp.org" },
    ],
  },
  // Nothing personal: camp words, first names alone, numbers that are not phones
  { text: "Summer Stories: My Week at Camp Wildwood", expected: none },
  { text: "Maya and Leo paddled across Crystal Lake.", expected: none },
  { text: "Will we ever forget the campfire songs?", expected: none },
  { text: "We hiked 5 miles down the road to the waterfall.", expected: none },
  { text: "Camp started on 06-15-2025 and lasted two weeks.", expected: none },
  { text: "In 2024 we won the canoe race with a time of 12.57 seconds.", expected: none },
  { text: "Cabin 7 scored 1200 points in Color War!", expected: none },
  { text: "Grace is 12 feet from the dock in the photo.", expected: none },
  { text: "I am 12 and this was my first summer away.", expected: none },
  { text: "The camp email is always checked by the office.", expected: none },
  { text: "Meet @ the flagpole at 9 for breakfast.", expected: none },
  { text: "My Instagram is private so ask my mom.", expected: none },
  { text: "Summer School was nothing like this.", expected: none },
  { text: "High School kids ran the talent show.", expected: none },
  { text: "Best Day Ever With Maya And Friends", expected: none },
  { text: "Hope Lake was cold but we swam anyway.", expected: none },
  { text: "Our counselor Jake taught us archery on Monday.", expected: none },
  { text: "We sang Happy Birthday to Olivia at lunch.", expected: none },
  { text: "Mark the trail with chalk, said Coach.", expected: none },
  { text: "Leo Camp Diary, Part Two", expected: none },
];

export const HARD_CASES: LabelledCase[] = [
  { text: "call five five five, two oh one, nine nine eight eight", expected: [{ kind: "phone", phrase: "five five five, two oh one, nine nine eight eight" }] },
  { text: "my number is 555 12 34 567", expected: [{ kind: "phone", phrase: "555 12 34 567" }] },
  { text: "Dial 555 - 123 - 4567 now", expected: [{ kind: "phone", phrase: "555 - 123 - 4567" }] },
  { text: "email: maya[at]gmail[dot]com", expected: [{ kind: "email", phrase: "maya[at]gmail[dot]com" }] },
  { text: "I live at 9 Elm St, Springfield.", expected: [{ kind: "address", phrase: "9 Elm St" }] },
  { text: "our house on west maple avenue has a tree fort", expected: [{ kind: "address", phrase: "west maple avenue" }] },
  { text: "My snap is mayaaa", expected: [{ kind: "handle", phrase: "mayaaa" }] },
  { text: "subscribe to my YouTube channel LeoPlaysGames", expected: [{ kind: "handle", phrase: "LeoPlaysGames" }] },
  { text: "me and jake peterson built a fort", expected: [{ kind: "full_name", phrase: "jake peterson" }] },
  { text: "Thank you to Zephyr Blackwood for the canoe lessons.", expected: [{ kind: "full_name", phrase: "Zephyr Blackwood" }] },
  { text: "I go to Jefferson and I love it.", expected: [{ kind: "school", phrase: "Jefferson" }] },
  { text: "next year at lincoln middle school I want to join band", expected: [{ kind: "school", phrase: "lincoln middle school" }] },
  { text: "Maya turned 12 on Tuesday.", expected: [{ kind: "age", phrase: "Maya turned 12" }] },
  { text: "Zara is eleven and loves horses.", expected: [{ kind: "age", phrase: "Zara is eleven" }] },
  { text: "Dear Grandma, I'm having the best time.", expected: none },
  { text: "Cabin Eagles vs Cabin Hawks, final score 21-19.", expected: none },
  { text: "Friday Night Lights at the lake were magic.", expected: none },
  { text: "We read Harry Potter by the campfire.", expected: none },
  { text: "The Great Canoe Race Of 2025", expected: none },
  { text: "We learned the Heimlich manoeuvre from the nurse.", expected: none },
  { text: "Leo was 3 minutes late to breakfast.", expected: none },
  { text: "Camp Wildwood, Lake Placid, New York", expected: none },
  { text: "I scored 100 points and Maya scored 90.", expected: none },
  { text: "Taylor Swift songs played all week.", expected: none },
  // A famous person is nobody's personal detail, even a name that is also a word.
  { text: "Will Smith came to visit camp!", expected: none },
  { text: "Our team name was @ the beach crew", expected: none },
  { text: "Ruby Falls was the best trip.", expected: none },
  { text: "Emma is 10 minutes away from the dock", expected: none },
];
