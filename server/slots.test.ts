import { describe, expect, it } from "vitest";
import { Slots } from "./slots.ts";

describe("Slots", () => {
  it("runs at most `size` tasks at once and starts the waiting ones in arrival order", async () => {
    const slots = new Slots(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const releases: Array<() => void> = [];
    const tasks = [0, 1, 2, 3, 4].map((n) =>
      slots.run(async () => {
        started.push(n);
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        return n * 10;
      }),
    );
    // Finish the holders one by one; each frees a slot for the next in line.
    for (let i = 0; i < 5; i++) {
      await untilTrue(() => releases.length > i);
      releases[i]!();
    }
    expect(await Promise.all(tasks)).toEqual([0, 10, 20, 30, 40]);
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  it("starts the waiting tasks asked first ahead of the others, each line in arrival order", async () => {
    const slots = new Slots(1);
    const started: string[] = [];
    const releases: Array<() => void> = [];
    const task = (name: string) => async () => {
      started.push(name);
      await new Promise<void>((resolve) => releases.push(resolve));
    };
    const tasks = [
      slots.run(task("holder")),
      slots.run(task("hash 1")),
      slots.run(task("check 1"), { first: true }),
      slots.run(task("hash 2")),
      slots.run(task("check 2"), { first: true }),
    ];
    for (let i = 0; i < 5; i++) {
      await untilTrue(() => releases.length > i);
      releases[i]!();
    }
    await Promise.all(tasks);
    expect(started).toEqual(["holder", "check 1", "check 2", "hash 1", "hash 2"]);
  });

  it("frees the slot when a task fails", async () => {
    const slots = new Slots(1);
    await expect(slots.run(() => Promise.reject(new Error("hash failed")))).rejects.toThrow("hash failed");
    await expect(slots.run(async () => "next")).resolves.toBe("next");
  });
});

async function untilTrue(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}
