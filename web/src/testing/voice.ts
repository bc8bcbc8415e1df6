import { vi } from "vitest";
import type { VoiceOver, VoiceSample, VoiceStatus } from "../../../contracts/voice.ts";

/** Test-only: the voice answers and the browser media stand-ins of the voice screens (jsdom). */

export function buildVoiceStatus(overrides: Partial<VoiceStatus> = {}): VoiceStatus {
  return {
    provider: "Built-in voice (eSpeak NG)",
    voices: ["en-us", "en-gb"],
    voiceOptions: [
      { id: "en-us", name: "Robo (eSpeak, US)", previewUrl: "/api/voice/preview?voice=en-us" },
      { id: "en-gb", name: "en-gb", previewUrl: "/api/voice/preview?voice=en-gb" },
    ],
    defaultVoice: "en-us",
    cloningAvailable: false,
    ...overrides,
  };
}

export function buildVoiceSample(overrides: Partial<VoiceSample> = {}): VoiceSample {
  return {
    mimeType: "audio/webm",
    sizeBytes: 48_000,
    durationSeconds: 28.4,
    mediaUrl: "/api/voice/sample/media",
    createdAt: "2025-07-02T10:00:00.000Z",
    ...overrides,
  };
}

export function buildVoiceOver(showId: number, overrides: Partial<VoiceOver> = {}): VoiceOver {
  return {
    id: 3,
    showId,
    provider: "Built-in voice (eSpeak NG)",
    voice: "en-us",
    voiceName: "Robo (eSpeak, US)",
    mimeType: "audio/wav",
    durationSeconds: 12,
    matchesNarration: true,
    mediaUrl: "/api/voice-overs/3/media",
    createdAt: "2025-07-02T10:00:00.000Z",
    ...overrides,
  };
}

/** jsdom has no object URLs and no media playback: stand-ins for one test. */
export function stubMediaApis({ playFails = false }: { playFails?: boolean } = {}) {
  let counter = 0;
  const createObjectURL = vi.fn(() => `blob:test-${++counter}`);
  const revokeObjectURL = vi.fn();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  const play = vi
    .spyOn(HTMLMediaElement.prototype, "play")
    .mockImplementation(() =>
      playFails ? Promise.reject(new DOMException("no decoder", "NotSupportedError")) : Promise.resolve(),
    );
  const pause = vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(() => undefined);
  return {
    createObjectURL,
    revokeObjectURL,
    play,
    pause,
    restore: () => {
      Reflect.deleteProperty(URL, "createObjectURL");
      Reflect.deleteProperty(URL, "revokeObjectURL");
    },
  };
}

const trackStop = vi.fn();

/** A stand-in MediaStream whose tracks report being stopped to `trackStop`. */
export function fakeStream(): MediaStream {
  return { getTracks: () => [{ stop: trackStop }] } as unknown as MediaStream;
}

/** A fake microphone: getUserMedia and a minimal MediaRecorder that hands over one chunk on stop. */
export function stubMicrophone({
  getUserMedia = () => Promise.resolve(fakeStream()),
  startThrows = false,
}: { getUserMedia?: () => Promise<MediaStream>; startThrows?: boolean } = {}) {
  const instances: FakeMediaRecorder[] = [];
  class FakeMediaRecorder {
    static isTypeSupported = vi.fn((type: string) => type === "audio/webm;codecs=opus");
    state: "inactive" | "recording" = "inactive";
    mimeType: string;
    ondataavailable: ((event: { data: Blob }) => void) | null = null;
    onstop: ((event: Event) => void) | null = null;
    constructor(
      readonly stream: MediaStream,
      options?: { mimeType?: string },
    ) {
      this.mimeType = options?.mimeType ?? "audio/webm";
      instances.push(this);
    }
    start = vi.fn(() => {
      if (startThrows) throw new DOMException("not allowed", "NotSupportedError");
      this.state = "recording";
    });
    stop = vi.fn(() => {
      if (this.state === "inactive") return;
      this.state = "inactive";
      this.ondataavailable?.({ data: new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3])], { type: this.mimeType }) });
      this.onstop?.(new Event("stop"));
    });
  }
  trackStop.mockClear();
  const getUserMediaMock = vi.fn(getUserMedia);
  vi.stubGlobal("MediaRecorder", FakeMediaRecorder);
  Object.defineProperty(navigator, "mediaDevices", {
    configurable: true,
    value: { getUserMedia: getUserMediaMock },
  });
  return { getUserMedia: getUserMediaMock, instances, trackStop };
}

export function removeMicrophone() {
  Reflect.deleteProperty(navigator, "mediaDevices");
}
