import { isIP } from "node:net";
import { z } from "zod";
import { DEFAULT_X264_PRESET, X264_PRESETS } from "./render/video-encoding.ts";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

/**
 * Which proxies may say who the client is (X-Forwarded-For) and that it came over HTTPS
 * (X-Forwarded-Proto): none, a number of hops in front of the app, or a list of their addresses
 * (IPs or CIDR ranges). "true" (trust everyone) is refused: any client could then write its own
 * X-Forwarded-For and pick the address the sign-in limits count.
 */
const trustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (["false", "0", "no", "none"].includes(value)) return false;
    if (/^[1-9]\d?$/.test(value)) return Number(value);
    const entries = value.split(",").map((e) => e.trim()).filter(Boolean);
    const bad = entries.filter((e) => !isAddressOrRange(e));
    if (value === "true" || entries.length === 0 || bad.length) {
      ctx.addIssue({
        code: "custom",
        message:
          "must be the number of proxies in front of the app (e.g. 1) or their addresses (e.g. 10.0.0.2,192.168.1.0/24)" +
          (value === "true" ? "; true would trust a client-written X-Forwarded-For" : ""),
      });
      return z.NEVER;
    }
    return entries;
  });

function isAddressOrRange(entry: string): boolean {
  const [address = "", bits, ...rest] = entry.split("/");
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** Connections per app instance to a PostgreSQL server of the camp's own. */
export const SERVER_POOL_SIZE = 10;
/**
 * Connections to the embedded PostgreSQL on a camper's laptop. Each is a server process of about
 * 12 MiB resident; on a laptop's two to four cores more than five only queue for the same CPU, so
 * five keep 200 campers' p99 where ten did and save about 60 MiB at the peak (decision 010).
 */
export const EMBEDDED_POOL_SIZE = 5;

/**
 * Every setting the server reads from the environment, validated in one place. A bad value stops
 * start-up with a message naming each bad variable (see loadConfig in config.ts).
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number({ error: "must be a port number" }).int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default("localhost"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// URL")
    .optional(),
  /** Unset: 10 connections to an external PostgreSQL, 5 to the embedded one (see EMBEDDED_POOL_SIZE). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).optional(),
  EMBEDDED_DATABASE: z.enum(["postgres", "pglite"], { error: "must be postgres or pglite" }).default("postgres"),
  CAMP_TITLE: z.string().trim().min(1).max(80).default("Summer Stories Camp"),
  CAMP_YEAR: z.coerce
    .number({ error: "must be a year" })
    .int()
    .min(2000)
    .max(2100)
    .default(new Date().getFullYear()),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  TRUST_PROXY: trustProxySchema.default(false),
  ALLOWED_ORIGINS: z
    .string()
    .default("")
    .transform((s) =>
      s
        .split(",")
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ error: "must be a comma-separated list of origins like https://camp.example" }))),
  LOGIN_FAILURES_PER_USERNAME: z.coerce.number().int().min(1).default(5),
  LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(100),
  REGISTRATIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(300),
  AI_API_KEY: z.string().optional(),
  AI_BASE_URL: z.url({ error: "must be a URL like http://localhost:11434/v1" }).optional(),
  AI_MODEL: z.string().min(1).default("gpt-4o-mini"),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  AI_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  VOICE_PROVIDER: z.enum(["auto", "flite", "espeak-ng", "mespeak", "openai"]).default("auto"),
  VOICE_API_KEY: z.string().optional(),
  VOICE_BASE_URL: z.url({ error: "must be a URL like https://api.openai.com/v1" }).optional(),
  VOICE_MODEL: z.string().min(1).default("gpt-4o-mini-tts"),
  SPEECH_ALIGNER: z.enum(["auto", "transcription", "pocketsphinx", "off"], { error: "must be auto, transcription, pocketsphinx or off" }).default("auto"),
  TRANSCRIBE_BASE_URL: z.url({ error: "must be a URL like https://api.openai.com/v1 or http://whisper.local:8000/v1" }).optional(),
  TRANSCRIBE_API_KEY: z.string().optional(),
  TRANSCRIBE_MODEL: z.string().min(1).default("whisper-1"),
  CAPTION_LISTENS_PER_MINUTE: z.coerce.number({ error: "must be a whole number" }).int().min(1).default(20),
  RENDER_CONCURRENCY: z.coerce.number().int().min(0).max(8).default(1),
  // Render ahead (decision 029d): shows prepared in the background, at once per process (0: none here).
  RENDER_AHEAD: z.enum(["on", "off"], { error: "must be on or off" }).default("on"),
  RENDER_PREPARE_CONCURRENCY: z.coerce.number().int().min(0).max(4).optional(),
  RENDER_PREPARE_DEBOUNCE_MS: z.coerce.number().int().min(0).max(600_000).default(4000),
  RENDER_PREPARE_MAX_WAIT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  RENDER_PARTS_KEEP_HOURS: z.coerce.number().int().min(1).max(24 * 365).default(72),
  RENDER_X264_PRESET: z.enum(X264_PRESETS, { error: `must be one of ${X264_PRESETS.join(", ")}` }).default(DEFAULT_X264_PRESET),
  RENDERS_QUEUED_PER_CAMPER: z.coerce.number({ error: "must be a whole number" }).int().min(1).max(100).default(3),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be an S3 bucket name").optional(),
  S3_ENDPOINT: z.url({ error: "must be a URL like http://minio:9000" }).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  S3_PART_SIZE_MB: z.coerce.number().int().min(5).max(512).default(5),
  S3_UPLOAD_BUFFERS: z.coerce.number().int().min(1).max(10_000).default(24),
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  MAX_UPLOAD_BYTES: z.coerce.number().int().min(1024).default(1024 ** 3),
  CAMPER_STORAGE_MB: z.coerce.number({ error: "must be a number of megabytes" }).int().min(1).default(2048),
  CAMPER_OPEN_UPLOADS: z.coerce.number({ error: "must be a whole number" }).int().min(1).max(1000).default(10),
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  REQUIRE_STAFF_REVIEW: booleanFlag.default(true),
  SHARE_LOOKUPS_PER_MINUTE: z.coerce.number({ error: "must be a whole number" }).int().min(1).default(120),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = z.infer<typeof envSchema>;

/** Every environment variable the app reads (docs and deploy examples are checked against it). */
export const ENV_NAMES: readonly string[] = Object.keys(envSchema.shape);
