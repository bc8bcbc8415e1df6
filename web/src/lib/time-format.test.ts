import { describe, expect, it } from "vitest";
import { formatClock } from "./time-format.ts";

describe("formatClock", () => {
  it("formats m:ss, cut down, and an unknown length as 0:00", () => {
    expect(formatClock(0)).toBe("0:00");
    expect(formatClock(7.9)).toBe("0:07");
    expect(formatClock(125)).toBe("2:05");
    expect(formatClock(Number.NaN)).toBe("0:00");
  });
});
