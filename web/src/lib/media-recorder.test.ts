import { describe, expect, it, vi } from "vitest";
import { firstSupportedType, recordMedia, type MediaRecorderLike } from "./media-recorder.ts";

class FakeRecorder implements MediaRecorderLike {
  state: RecordingState = "recording";
  mimeType = "audio/webm";
  ondataavailable: ((event: BlobEvent) => void) | null = null;
  onstop: ((event: Event) => void) | null = null;
  start() {}
  stop() {
    this.state = "inactive";
    this.ondataavailable?.({ data: new Blob(["last"]) } as BlobEvent);
    this.onstop?.(new Event("stop"));
  }
}

describe("firstSupportedType", () => {
  it("takes the first type the browser records, passing over ones it throws for", () => {
    const supported = (type: string) => {
      if (type === "a") throw new Error("unknown");
      return type === "c";
    };
    expect(firstSupportedType(["a", "b", "c"], supported)).toBe("c");
    expect(firstSupportedType(["a", "b"], supported)).toBe("");
  });
});

describe("recordMedia", () => {
  it("hands over the non-empty chunks and resolves stop with what onStop made, once", async () => {
    const recorder = new FakeRecorder();
    const chunks: Blob[] = [];
    const onStop = vi.fn(() => new Blob(chunks));
    const run = recordMedia(recorder, { onChunk: (chunk) => chunks.push(chunk), onStop });
    recorder.ondataavailable?.({ data: new Blob(["first "]) } as BlobEvent);
    recorder.ondataavailable?.({ data: new Blob([]) } as BlobEvent);
    expect(run.active).toBe(true);
    const blob = await run.stop();
    expect(await blob.text()).toBe("first last");
    expect(run.active).toBe(false);
    expect(await run.stop()).toBe(blob);
    recorder.onstop?.(new Event("stop"));
    expect(onStop).toHaveBeenCalledTimes(1);
    expect(await run.stopped).toBe(blob);
  });

  it("finishes the run when the recorder's stop throws", async () => {
    const recorder = new FakeRecorder();
    recorder.stop = () => {
      throw new DOMException("bad state", "InvalidStateError");
    };
    const run = recordMedia(recorder, { onChunk: () => undefined, onStop: async () => "done" });
    expect(await run.stop()).toBe("done");
  });
});
