import { describe, expect, it } from "vitest";
import { WorkUnderway } from "./work-underway.ts";

describe("work under way", () => {
  it("stops every piece at once, and resolves only when each has ended", async () => {
    const underway = new WorkUnderway("the render was stopped");
    const first = underway.begin(1);
    const second = underway.begin(2);
    expect(underway.size).toBe(2);
    let stopped = false;
    const stopping = underway.stopAll().then(() => (stopped = true));
    expect(first.signal.aborted && second.signal.aborted).toBe(true);
    expect((first.signal.reason as Error).message).toBe("the render was stopped");
    first.end();
    await new Promise((resolve) => setTimeout(resolve, 10));
    // The second render's programs are still going away: the stop is not over.
    expect(stopped).toBe(false);
    second.end();
    await stopping;
    expect(stopped).toBe(true);
    expect(underway.size).toBe(0);
  });

  it("stops nothing and resolves at once when nothing runs; a piece stopped for its own reason keeps it", async () => {
    const underway = new WorkUnderway("the preparation was stopped");
    await underway.stopAll();
    const work = underway.begin(7);
    work.abort(new Error("a render of the show was asked for"));
    expect((work.signal.reason as Error).message).toBe("a render of the show was asked for");
    work.end();
    expect(underway.size).toBe(0);
  });
});
