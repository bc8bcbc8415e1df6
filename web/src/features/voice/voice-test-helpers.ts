import type { PublicUser } from "../../../../contracts/auth.ts";
import { vi } from "vitest";
import type { VoiceOver, VoiceSample, VoiceStatus } from "../../../../contracts/voice.ts";

/** Test-only helpers for the voice and narration-editor screens (jsdom + a mocked fetch). */

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

export interface ApiCall {
  method: string;
  path: string;
  search: URLSearchParams;
  /** JSON bodies parsed; FormData as is; undefined without a body. */
  body: unknown;
  keepalive: boolean;
}

type Handler = (call: ApiCall) => Response | Promise<Response> | undefined;

export const TEST_USER: PublicUser = { id: 7, username: "camper_jo", subscriptionTier: "free", recordingsCount: 0, role: "camper" };

/**
 * Replaces fetch: GET /api/user answers a signed-in camper; `handler` answers the rest, and
 * anything it leaves unanswered is a 500 so a missing mock shows up in the test.
 */
export function mockApi(handler: Handler = () => undefined) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, "http://localhost");
    const rawBody = init?.body;
    const call: ApiCall = {
      method: (init?.method ?? "GET").toUpperCase(),
      path: url.pathname,
      search: url.searchParams,
      body: typeof rawBody === "string" ? (JSON.parse(rawBody) as unknown) : (rawBody ?? undefined),
      keepalive: init?.keepalive === true,
    };
    if (call.method === "GET" && call.path === "/api/user") return json(TEST_USER);
    calls.push(call);
    return (await handler(call)) ?? json({ message: "unmocked" }, 500);
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

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
