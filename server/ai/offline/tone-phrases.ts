import type { NarrationTone } from "../../../contracts/product.ts";

/**
 * The only words the offline writer may add to a camper's own. Everything here is generic on
 * purpose (no places, dates, names or activities), so padding a short story never invents facts.
 *
 * Lists of the same kind have the same length in every tone: changing tone swaps phrase i of one
 * tone for phrase i of the other.
 */
export const PHRASE_KINDS = [
  "greetings",
  "audienceGreetings",
  "openings",
  "shortOpenings",
  "firstTransitions",
  "middleTransitions",
  "lastTransitions",
  "reflections",
  "fillers",
  "recapIntros",
  "closings",
  "shortClosings",
] as const;
export type PhraseKind = (typeof PHRASE_KINDS)[number];
export type TonePhrases = Readonly<Record<PhraseKind, readonly string[]>>;

/** Where the audience's name goes in an audienceGreetings phrase. Has no letters, so adds no words. */
export const AUDIENCE_SLOT = "{}";

const friendly: TonePhrases = {
  greetings: ["Hey there!", "Hi everyone!", "Hey, friends!"],
  audienceGreetings: ["Hey there, {}!", "Hi, {}!", "Hey, {}!"],
  openings: [
    "I'm so happy to share a little bit about my summer at camp with you.",
    "Grab a snack, because I want to tell you all about my summer at camp.",
    "I want to tell you about my summer and what I took away from it.",
  ],
  shortOpenings: ["Here's my summer story.", "This is my camp story.", "Let me share my story."],
  firstTransitions: ["So,", "First off,", "To start,"],
  middleTransitions: ["Next,", "Also,", "Oh, and", "Plus,", "Another thing:"],
  lastTransitions: ["And finally,", "Last but not least,", "To wrap things up,"],
  reflections: [
    "That part really stuck with me.",
    "I'm still thinking about it, honestly.",
    "It's one of those moments I want to remember.",
    "Looking back, I'm pretty proud of that.",
    "It was a big part of my summer.",
    "I learned a lot from it.",
    "Trying new things like that is what camp is all about.",
    "It made the whole summer feel special.",
    "I hope that gives you a good picture of it.",
    "It's fun to look back on it now.",
    "That's something I'd love to do again.",
    "It felt really good to share that.",
    "I grew a lot this summer, and that was part of it.",
    "It's the kind of thing you have to try for yourself.",
    "Thinking about it still makes me smile.",
    "I want to keep that feeling going.",
    "It reminded me why I like making videos.",
    "Making something of my own felt amazing.",
    "That's a big reason this summer meant so much to me.",
    "I'm really glad I gave it a try.",
  ],
  fillers: ["Seriously.", "So fun.", "Really.", "For real."],
  recapIntros: [
    "So, here's a quick recap.",
    "Let me sum it all up.",
    "Just to recap the big stuff.",
    "One more time, here are the highlights.",
  ],
  closings: [
    "Thanks so much for listening to my story, and see you next time!",
    "That's my summer in a nutshell. Thanks for hanging out with me!",
    "Thanks for watching, and I hope you have an awesome summer too!",
  ],
  shortClosings: ["Thanks for watching!", "Thanks for listening!", "See you next time!"],
};

const professional: TonePhrases = {
  greetings: ["Hello.", "Good day, everyone.", "Hello, everyone."],
  audienceGreetings: ["Hello, {}.", "Greetings to {}.", "Good day, {}."],
  openings: [
    "Thank you for taking the time to hear my reflection on my summer camp experience.",
    "In this video, I would like to share a reflection on my summer camp experience.",
    "I am pleased to present a brief reflection on my summer at camp.",
  ],
  shortOpenings: ["This is my summer reflection.", "Here is my reflection.", "Allow me to share my reflection."],
  firstTransitions: ["To begin,", "First,", "To start,"],
  middleTransitions: ["Next,", "In addition,", "Furthermore,", "Moreover,", "Additionally,"],
  lastTransitions: ["Finally,", "In conclusion,", "Lastly,"],
  reflections: [
    "This experience was valuable to me.",
    "It is an experience I will carry forward.",
    "This was a meaningful part of my summer.",
    "I consider this an important step in my development.",
    "It taught me the value of careful work.",
    "I am grateful for this opportunity.",
    "This experience strengthened my skills.",
    "I take pride in what I accomplished.",
    "It is worth reflecting on this in more detail.",
    "This shaped how I approach new challenges.",
    "I intend to build on this experience.",
    "It demonstrated the importance of practice and patience.",
    "This remains one of the highlights of my summer.",
    "I found this both challenging and rewarding.",
    "Experiences like this are central to personal growth.",
    "It gave me a clearer sense of my own abilities.",
    "I learned to plan my work with care.",
    "This is a skill I expect to use again.",
    "It required focus, and the effort was worthwhile.",
    "I appreciate what this experience taught me.",
  ],
  fillers: ["Indeed.", "Certainly.", "Without question.", "Quite so."],
  recapIntros: [
    "To summarize, here are the key points.",
    "Allow me to summarize.",
    "In summary, these are the main points.",
    "To review the most important points once more.",
  ],
  closings: [
    "Thank you for your time and attention.",
    "Thank you for watching. I appreciate your interest in my experience.",
    "I appreciate you taking the time to watch this reflection.",
  ],
  shortClosings: ["Thank you for watching.", "Thank you for your time.", "Thank you."],
};

const excited: TonePhrases = {
  greetings: ["Hey hey hey!", "What's up, everybody!", "Hi, everyone!"],
  audienceGreetings: ["What's up, {}!", "Hey, {}!", "Hi, {}!"],
  openings: [
    "Get ready, because this summer was absolutely amazing and I can't wait to tell you about it!",
    "Oh wow, do I have a story for you about my summer at camp!",
    "This summer was incredible, and I'm so excited to share it with you!",
  ],
  shortOpenings: ["Let's go!", "Here we go!", "Get ready for this!"],
  firstTransitions: ["First up,", "Okay, so", "Right away,"],
  middleTransitions: ["And then,", "Next up,", "Oh, and", "Plus,", "Get this:"],
  lastTransitions: ["And finally,", "Last but not least,", "And to top it all off,"],
  reflections: [
    "How cool is that?",
    "It was seriously awesome!",
    "I loved every single minute of it!",
    "That was such a highlight!",
    "I can't stop thinking about it!",
    "It was so much fun!",
    "Best feeling ever!",
    "I'd do it all again in a heartbeat!",
    "That's what made this summer so epic!",
    "It still gives me goosebumps!",
    "I was so proud of that!",
    "Honestly, it blew my mind!",
    "What a ride!",
    "It was even better than I imagined!",
    "I'm still buzzing about it!",
    "That moment was pure magic!",
    "I couldn't believe how awesome it turned out!",
    "Seriously, it was the best!",
    "I was grinning the whole time!",
    "Talk about an amazing summer!",
  ],
  fillers: ["Wow!", "So cool!", "Yes!", "Amazing!"],
  recapIntros: [
    "Okay, quick recap!",
    "Let's run it back one more time!",
    "Here are the big highlights again!",
    "Quick replay of the best parts!",
  ],
  closings: [
    "Thanks for watching, and stay awesome!",
    "That's my amazing summer! Thanks for watching, see you next time!",
    "Thank you so much for watching, and keep creating!",
  ],
  shortClosings: ["Thanks for watching!", "Stay awesome!", "See you soon!"],
};

const explanatory: TonePhrases = {
  greetings: ["Hello!", "Hi there.", "Welcome."],
  audienceGreetings: ["Hello, {}.", "Hi, {}.", "Welcome, {}."],
  openings: [
    "In this video, I will explain what I did this summer and what I learned.",
    "I am going to walk you through my summer, step by step.",
    "Here is a clear look at my summer, one part at a time.",
  ],
  shortOpenings: ["Here is my summer, explained.", "Let me explain my summer.", "Here is how it went."],
  firstTransitions: ["First,", "To begin,", "Let's start here:"],
  middleTransitions: ["Next,", "After that,", "Another point:", "Also,", "Building on that,"],
  lastTransitions: ["Finally,", "To conclude,", "Last,"],
  reflections: [
    "This matters because it shows what I learned.",
    "In other words, it helped me grow.",
    "That is the main idea of this part.",
    "This is important to understand.",
    "To put it simply, it was a key part of my summer.",
    "This shows how practice leads to progress.",
    "Each step built on the one before it.",
    "That is why this part stands out to me.",
    "Here is why that matters: it changed how I work.",
    "This helped me understand the process better.",
    "It is a good example of learning by doing.",
    "Breaking it down like this makes it easier to see.",
    "The key takeaway is that I kept improving.",
    "Put another way, I learned by trying things out.",
    "This connects to everything else I did.",
    "Understanding this made the next steps easier.",
    "It is a simple idea, but it made a big difference.",
    "That explains why this part was useful.",
    "I can use this again in future projects.",
    "This is how one step leads to the next.",
  ],
  fillers: ["In short.", "Simply put.", "That is key.", "Exactly."],
  recapIntros: [
    "Let's review the main points.",
    "Here is a short summary.",
    "To recap, here are the key ideas.",
    "Here are the main points one more time.",
  ],
  closings: [
    "Thank you for watching. I hope this explanation was helpful.",
    "That explains my summer. Thanks for following along.",
    "Thank you for learning about my summer with me.",
  ],
  shortClosings: ["Thanks for watching.", "That is my summer.", "Thank you for listening."],
};

export const OFFLINE_TONE_PHRASES: Readonly<Record<NarrationTone, TonePhrases>> = {
  friendly,
  professional,
  excited,
  explanatory,
};

/** Every phrase of a tone in one list, e.g. to check which words a text may contain. */
export function allTonePhrases(tone: NarrationTone): string[] {
  const phrases = OFFLINE_TONE_PHRASES[tone];
  return PHRASE_KINDS.flatMap((kind) => phrases[kind]);
}
