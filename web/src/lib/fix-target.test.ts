import { describe, expect, it } from "vitest";
import { clipAtSecond, fixHref, locatePhrase, parseFixTarget } from "./fix-target.ts";

describe("Fix it addresses", () => {
  it("round-trip a place, and read nothing from a malformed one", () => {
    const href = fixHref(4, { phrase: "Maya Lee & Co" }, { field: "captions", start: 10, end: 23, line: { index: 2, startSeconds: 5, endSeconds: 7, text: "x", start: 0, end: 1 } });
    expect(parseFixTarget(href.split("?")[1]!)).toEqual({ field: "captions", start: 10, end: 23, phrase: "Maya Lee & Co", line: 2 });
    for (const bad of ["", "fix=script", "fix=notes&select=1-2", "fix=script&select=5-5", "fix=script&select=9-2", "fix=script&select=a-b", "fix=script&select=1-99999999"]) {
      expect(parseFixTarget(bad)).toBeNull();
    }
  });

  it("find the words at their offsets, nearest them when the text moved, and nowhere once gone", () => {
    const text = "Call 555-1234. Or call 555-1234 later.";
    expect(locatePhrase(text, 5, 13, "555-1234")).toEqual({ start: 5, end: 13 });
    expect(locatePhrase(`Hi! ${text}`, 23, 31, "555-1234")).toEqual({ start: 27, end: 35 });
    expect(locatePhrase("Call the office.", 5, 13, "555-1234")).toBeNull();
  });

  it("name the clip on screen at a second, the clips again from the first when the voice outlasts them", () => {
    const clips = [
      { id: 1, usedSeconds: 4 },
      { id: 2, usedSeconds: 6 },
    ];
    expect([0, 3.9, 4, 9.9, 10, 14.5].map((s) => clipAtSecond(clips, s))).toEqual([1, 1, 2, 2, 1, 2]);
    expect(clipAtSecond([], 3)).toBeNull();
  });
});
