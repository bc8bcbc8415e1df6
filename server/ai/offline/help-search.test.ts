import { describe, expect, it } from "vitest";
import { answerHelpQuestion, stem } from "./help-search.ts";
import { HELP_INTRO, HELP_SECTIONS } from "./help-text.ts";

function sectionTitleFor(question: string): string | undefined {
  const answer = answerHelpQuestion(question);
  return HELP_SECTIONS.find((section) => answer.startsWith(section.title))?.title;
}

describe("answerHelpQuestion", () => {
  const cases: Array<[string, string]> = [
    ["how do I delete a show", "Deleting a show"],
    ["how long can my video be for tiktok", "Video formats and how long a video can be"],
    ["How do I sign in?", "Signing in and creating an account"],
    ["I forgot my password", "Signing in and creating an account"],
    ["what are the prompts I have to answer", "The five reflection prompts"],
    ["how do I save my draft", "Saving your draft"],
    ["how do I generate the narration", "Generating a narration with AI"],
    ["why do I have to wait before generating again", "Generating a narration with AI"],
    ["how long is the cooldown", "Generating a narration with AI"],
    ["which tone should I pick", "Choosing a tone"],
    ["how do I undo my edits to the narration", "Editing the narration and Reset to Original"],
    ["download narration as a text file", "Downloading the narration as text"],
    ["can I ask the AI to make it shorter", "Custom AI requests"],
    ["how do I record another clip with my webcam", "Recording video clips"],
    ["how do I change the order of my clips", "Reordering clips"],
    ["how does the teleprompter work", "Using the teleprompter"],
    ["where are my shows", "My Shows list and show details"],
    ["how many shows can I make on the free plan", "Your profile and the free plan's show limit"],
    ["how much does it cost", "Pricing and plans"],
    ["how do I play the AI voice", "AI voice and your cloned voice"],
    ["tips for recording a voice sample", "Recording voice samples on Voice Settings"],
    ["how do I download the mp4 for youtube shorts", "Downloading your final video"],
    ["who can see my data", "Privacy and deleting your data"],
    ["what does F8 do", "Keyboard shortcuts and accessibility"],
    ["my microphone is not working", "Camera or microphone not working"],
  ];
  for (const [question, title] of cases) {
    it(`"${question}" -> ${title}`, () => {
      expect(sectionTitleFor(question)).toBe(title);
      const section = HELP_SECTIONS.find((s) => s.title === title)!;
      expect(answerHelpQuestion(question)).toContain(section.body);
    });
  }

  it("greets back", () => {
    for (const greeting of ["hi", "Hello!", "hey there", "  "]) expect(answerHelpQuestion(greeting)).toBe(HELP_INTRO);
    expect(answerHelpQuestion("thanks!")).toMatch(/welcome/i);
  });

  it("offers topics when nothing matches", () => {
    for (const question of ["asdf qwerty", "what is the capital of France"]) {
      const answer = answerHelpQuestion(question);
      expect(answer).toMatch(/couldn't find/);
      expect(answer).toMatch(/deleting a show/);
    }
  });

  it("has 15-25 sections, each with a title and body", () => {
    expect(HELP_SECTIONS.length).toBeGreaterThanOrEqual(15);
    expect(HELP_SECTIONS.length).toBeLessThanOrEqual(25);
    for (const section of HELP_SECTIONS) {
      expect(section.title.trim()).not.toBe("");
      expect(section.body.length).toBeGreaterThan(40);
    }
  });

  it("stems word forms alike", () => {
    expect(stem("deleting")).toBe(stem("delete"));
    expect(stem("deleted")).toBe(stem("deletes"));
    expect(stem("dragging")).toBe(stem("drag"));
    expect(stem("recordings")).toBe(stem("record"));
  });
});
