import { describe, expect, it } from "vitest";
import type { PersonalDetailField } from "../../../contracts/personal-details.ts";
import { captionLineAt, captionsText, mergeFindings, vttCues, type FieldDetection } from "./findings.ts";

const VTT = `WEBVTT

1
00:00:00.000 --> 00:00:02.500
We paddled to
the island &amp; back.

2
00:00:02.500 --> 00:01:04.250
Call 555-123-

3
00:01:04.250 --> 00:01:06.000
4567 to join.
`;

describe("caption lines", () => {
  it("reads each cue's time and words, and the captions text the check reads", () => {
    const cues = vttCues(VTT);
    expect(cues).toEqual([
      { startSeconds: 0, endSeconds: 2.5, text: "We paddled to the island & back." },
      { startSeconds: 2.5, endSeconds: 64.25, text: "Call 555-123-" },
      { startSeconds: 64.25, endSeconds: 66, text: "4567 to join." },
    ]);
    expect(captionsText(cues)).toBe("We paddled to the island & back. Call 555-123- 4567 to join.");
  });

  it("names the line a phrase begins in, and its place there; a phrase running on ends at the line's end", () => {
    const cues = vttCues(VTT);
    const text = captionsText(cues);
    const island = text.indexOf("island");
    expect(captionLineAt(cues, island, island + 6)).toMatchObject({ index: 0, start: 18, end: 24 });
    const call = text.indexOf("555");
    const line = captionLineAt(cues, call, call + "555-123- 4567".length)!;
    expect(line).toMatchObject({ index: 1, startSeconds: 2.5, text: "Call 555-123-", start: 5, end: 13 });
    const join = text.indexOf("join");
    expect(captionLineAt(cues, join, join + 4)).toMatchObject({ index: 2, text: "4567 to join.", start: 8, end: 12 });
  });
});

describe("merging findings", () => {
  const phone = (start: number, phrase = "555-123-4567"): FieldDetection => ({ kind: "phone", phrase, start, end: start + phrase.length, source: "rules" });

  it("joins the same words of the same kind across fields into one finding with every place, kept or not as one", () => {
    const cues = vttCues("WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nCall 555-123-4567 now.\n");
    const byField = new Map<PersonalDetailField, FieldDetection[]>([
      ["title", [{ kind: "full_name", phrase: "Maya Lee", start: 0, end: 8, source: "ai" }]],
      ["script", [phone(5), { kind: "full_name", phrase: "maya  lee", start: 30, end: 39, source: "rules" }]],
      ["captions", [phone(5)]],
    ]);
    const findings = mergeFindings(byField, new Set(["phone:555-123-4567"]), cues);
    expect(findings.map((f) => [f.kind, f.phrase, f.field, f.places.map((p) => p.field), f.source, f.kept])).toEqual([
      ["full_name", "Maya Lee", "title", ["title", "script"], "rules", false],
      ["phone", "555-123-4567", "script", ["script", "captions"], "rules", true],
    ]);
    expect(findings[1]!.places[1]).toEqual({
      field: "captions",
      start: 5,
      end: 17,
      line: { index: 0, startSeconds: 1, endSeconds: 3, text: "Call 555-123-4567 now.", start: 5, end: 17 },
    });
  });

  it("joins a number split over two caption cues to the same number in the script", () => {
    const cues = vttCues(VTT);
    const text = captionsText(cues);
    const split = "555-123- 4567";
    const byField = new Map<PersonalDetailField, FieldDetection[]>([
      ["script", [phone(5)]],
      ["captions", [{ kind: "phone", phrase: split, start: text.indexOf(split), end: text.indexOf(split) + split.length, source: "rules" }]],
    ]);
    const [finding, ...rest] = mergeFindings(byField, new Set(), cues);
    expect(rest).toEqual([]);
    expect(finding!.places.map((p) => [p.field, p.line?.index])).toEqual([
      ["script", undefined],
      ["captions", 1],
    ]);
  });

  it("keeps different numbers apart", () => {
    const byField = new Map<PersonalDetailField, FieldDetection[]>([["script", [phone(0), phone(20, "555-123-4568")]]]);
    expect(mergeFindings(byField, new Set(), []).map((f) => f.phrase)).toEqual(["555-123-4567", "555-123-4568"]);
  });
});
