/**
 * Test data shared by unit tests, integration tests and end-to-end tests. Every factory takes
 * overrides so a test states only what it cares about.
 */
let sequence = 0;
export function uniqueSuffix(): string {
  sequence += 1;
  return `${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}${sequence}`;
}

export interface Credentials {
  username: string;
  password: string;
}

export function buildCredentials(overrides: Partial<Credentials> = {}): Credentials {
  return {
    username: `camper_${uniqueSuffix()}`.slice(0, 32),
    password: "sunny-lake-2026",
    ...overrides,
  };
}

export interface ShowBody {
  title: string;
  narration?: string;
  prompts: string[];
  responses: string[];
  isDraft?: boolean;
  tone?: string;
  videoFormat?: string;
  lengthSeconds?: number;
  originalNarration?: string | null;
  clipIds?: number[];
  draftKey?: string;
}

export function buildShowBody(overrides: Partial<ShowBody> = {}): ShowBody {
  return {
    title: `Lake Day ${uniqueSuffix()}`,
    narration: "This summer I learned to film at sunrise.",
    prompts: ["Summer Stories is a camp where we...", "The project I'm proudest of this summer is..."],
    responses: ["we make videos together", "our stop-motion short about a lost sock"],
    isDraft: false,
    ...overrides,
  };
}
