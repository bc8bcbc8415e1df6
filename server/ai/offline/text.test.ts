import { describe, expect, it } from "vitest";
import { audienceName } from "./audience.ts";
import {
  cleanText,
  contentWords,
  countWords,
  joinListLines,
  lowerFirstWord,
  splitSentences,
  tidySentence,
  tokens,
  wordsNotIn,
} from "./text.ts";

describe("tokens and content words", () => {
  it("lower-cases and keeps letters, digits and apostrophes only", () => {
    expect(tokens("I'm at Camp-2024, <b>Wow</b>! ‘Quoted’ don’t")).toEqual(["i'm", "at", "camp", "2024", "b", "wow", "b", "quoted", "don't"]);
  });

  it("drops stop words but keeps meaningful ones", () => {
    expect(contentWords("I made a video about my dog")).toEqual(["made", "video", "dog"]);
  });

  it("wordsNotIn reports only invented content words", () => {
    expect(wordsNotIn("My dog made a movie.", ["I made a video about my dog"])).toEqual(["movie"]);
    expect(wordsNotIn("The dog, the video!", ["video dog"])).toEqual([]);
  });

  it("counts words on whitespace", () => {
    expect(countWords("  one two\n\nthree  ")).toBe(3);
    expect(countWords("   ")).toBe(0);
  });
});

describe("cleaning a camper's answer", () => {
  it("strips tags, emoji and odd spacing without gluing words together", () => {
    expect(cleanText("   i   made a   video 🎬 about  <b>my dog</b>!!  ")).toBe("i made a video about my dog!");
    expect(cleanText("fun😀times")).toBe("fun times");
    expect(cleanText("a<br>b")).toBe("a b");
    expect(cleanText("&lt;b&gt;bold&lt;/b&gt; &amp; more")).toBe("bold & more");
  });

  it("keeps line breaks as sentence boundaries", () => {
    expect(splitSentences(cleanText("first line\n\nsecond. third"))).toEqual(["first line", "second.", "third"]);
  });

  it("does not split after common abbreviations", () => {
    expect(splitSentences("I met Mr. Lopez. He was nice.")).toEqual(["I met Mr. Lopez.", "He was nice."]);
  });

  it("tidies a sentence for reading aloud", () => {
    expect(tidySentence("i think i'm done ,")).toBe("I think I'm done.");
    expect(tidySentence('"wow" said i')).toBe('"Wow" said I.');
    expect(tidySentence("really?")).toBe("Really?");
    expect(tidySentence(" -- ")).toBe("");
  });
});

describe("lists typed one item a line", () => {
  it("are one sentence: bullets join the line before them, and a line ending in a comma goes on", () => {
    expect(joinListLines("Things I learned:\n- trim clips\n- add music\nIt was fun.")).toBe("Things I learned: trim clips, add music\nIt was fun.");
    expect(joinListLines("I learned to trim clips,\nadd music\nand export.")).toBe("I learned to trim clips, add music and export.");
    expect(joinListLines("We swam.\n- Then we ate.")).toBe("We swam.\nThen we ate.");
    expect(joinListLines("Next summer\nMore horror")).toBe("Next summer\nMore horror");
  });
});

describe("splitting sentences", () => {
  it("keeps a quoted exclamation inside its sentence, and ends one at a quote before a capital", () => {
    expect(splitSentences('My friend shouted "Again!" and everyone laughed. Then we left.')).toEqual([
      'My friend shouted "Again!" and everyone laughed.',
      "Then we left.",
    ]);
    expect(splitSentences('She said "Wow!" Then we left.')).toEqual(['She said "Wow!"', "Then we left."]);
    expect(splitSentences("it was fun. really fun")).toEqual(["it was fun.", "really fun"]);
    expect(splitSentences("We used markers, masks, etc. and it looked great. Then we left.")).toEqual([
      "We used markers, masks, etc. and it looked great.",
      "Then we left.",
    ]);
    expect(splitSentences("We used markers, masks, etc. Then we left.")).toEqual(["We used markers, masks, etc.", "Then we left."]);
  });
});

describe("leading into a sentence after a transition", () => {
  it("lower-cases ordinary first words only", () => {
    expect(lowerFirstWord("My dog was there.")).toBe("my dog was there.");
    expect(lowerFirstWord("I made it.")).toBe("I made it.");
    expect(lowerFirstWord("Final Cut Pro is great.")).toBe("Final Cut Pro is great.");
  });
});

describe("audience names", () => {
  it("names a site from its link", () => {
    expect(audienceName(["https://www.linkedin.com/in/sam-lee"])).toBe("LinkedIn");
    expect(audienceName(["youtube.com/@sam"])).toBe("YouTube");
    expect(audienceName(["https://news.example.co.uk/page"])).toBe("Example");
  });

  it("uses plain text as written and joins several", () => {
    expect(audienceName(["my family", "https://linkedin.com/in/x", "  My Family "])).toBe("my family and LinkedIn");
    expect(audienceName(["grandma", "my coach", "tiktok.com/@me", "extra"])).toBe("grandma, my coach and TikTok");
  });

  it("ignores blanks", () => {
    expect(audienceName(["", "   ", "😀"])).toBe("");
  });
});
