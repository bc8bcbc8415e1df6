import path from "node:path";
import { z } from "zod";

/**
 * Every setting the server reads from the environment, validated in one place. A bad value stops
 * start-up with a message naming each bad variable (see loadConfig).
 */
const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number({ error: "must be a port number" }).int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default("localhost"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// URL")
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  CAMP_TITLE: z.string().trim().min(1).max(80).default("Summer Stories Camp"),
  CAMP_YEAR: z.coerce
    .number({ error: "must be a year" })
    .int()
    .min(2000)
    .max(2100)
    .default(new Date().getFullYear()),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  TRUST_PROXY: booleanFlag.default(false),
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
  AUTH_REQUESTS_PER_ADDRESS: z.coerce.number().int().min(1).default(600),
  AI_API_KEY: z.string().optional(),
  AI_BASE_URL: z.url({ error: "must be a URL like http://localhost:11434/v1" }).optional(),
  AI_MODEL: z.string().min(1).default("gpt-4o-mini"),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  AI_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  VOICE_PROVIDER: z.enum(["auto", "espeak-ng", "mespeak", "openai"]).default("auto"),
  VOICE_API_KEY: z.string().optional(),
  VOICE_BASE_URL: z.url({ error: "must be a URL like https://api.openai.com/v1" }).optional(),
  VOICE_MODEL: z.string().min(1).default("gpt-4o-mini-tts"),
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(1),
  MAX_UPLOAD_BYTES: z.coerce.number().int().min(1024).default(1024 ** 3),
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  dataDir: string;
  database: { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string; poolSize: number };
  camp: { title: string; year: number };
  session: { ttlDays: number };
  trustProxy: boolean;
  allowedOrigins: string[];
  rateLimits: {
    /** Failed sign-ins allowed per username in a quarter hour. */
    loginFailuresPerUsername: number;
    /** Sign-in and registration requests allowed per address in a quarter hour. */
    authRequestsPerAddress: number;
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
    /** auto: OpenAI-compatible speech when VOICE_API_KEY or VOICE_BASE_URL is set, else espeak-ng if installed, else meSpeak. */
    provider: "auto" | "espeak-ng" | "mespeak" | "openai";
    apiKey?: string;
    baseURL?: string;
    model: string;
  };
  render: {
    /** Renders at once per app instance; others wait in the queue. */
    concurrency: number;
  };
  media: {
    /** Where clips and uploads are kept (local disk). */
    dir: string;
    maxUploadBytes: number;
    /** Binaries to use instead of the ones shipped in npm packages. */
    ffmpegPath?: string;
    ffprobePath?: string;
  };
  logLevel: Env["LOG_LEVEL"];
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
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    database: env.DATABASE_URL
      ? { kind: "postgres", url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { kind: "pglite", dataDir: path.join(dataDir, "db") },
    camp: { title: env.CAMP_TITLE, year: env.CAMP_YEAR },
    session: { ttlDays: env.SESSION_TTL_DAYS },
    trustProxy: env.TRUST_PROXY,
    allowedOrigins: env.ALLOWED_ORIGINS.map((o) => new URL(o).origin),
    rateLimits: {
      loginFailuresPerUsername: env.LOGIN_FAILURES_PER_USERNAME,
      authRequestsPerAddress: env.AUTH_REQUESTS_PER_ADDRESS,
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
    render: { concurrency: env.RENDER_CONCURRENCY },
    media: {
      dir: path.join(dataDir, "media"),
      maxUploadBytes: env.MAX_UPLOAD_BYTES,
      ffmpegPath: env.FFMPEG_PATH,
      ffprobePath: env.FFPROBE_PATH,
    },
    logLevel: env.LOG_LEVEL,
  };
}
