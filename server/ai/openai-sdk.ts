import type OpenAI from "openai";
import type { ClientOptions } from "openai";

/**
 * The official OpenAI SDK's client, made on first use. The SDK takes about a third of a second to
 * load on a camp laptop, and the offline default (no AI provider configured) never calls it.
 */
export function lazyOpenAiClient(options: ClientOptions): () => Promise<OpenAI> {
  let client: Promise<OpenAI> | undefined;
  return () => (client ??= import("openai").then(({ default: SDK }) => new SDK(options)));
}
