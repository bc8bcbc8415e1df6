import type OpenAI from "openai";

/** Where an OpenAI-compatible server is and how long to wait for it: the part every client here shares. */
export interface OpenAiEndpoint {
  apiKey?: string;
  baseURL?: string;
  timeoutMs: number;
  maxRetries: number;
}

/**
 * The official OpenAI SDK's client, made on first use. The SDK takes about a third of a second to
 * load on a camp laptop, and the offline default (no AI provider configured) never calls it.
 */
export function lazyOpenAiClient(endpoint: OpenAiEndpoint): () => Promise<OpenAI> {
  let client: Promise<OpenAI> | undefined;
  return () =>
    (client ??= import("openai").then(
      ({ default: SDK }) =>
        new SDK({
          // Local servers (Ollama, llama.cpp, a Whisper server) need no key, but the SDK wants one.
          apiKey: endpoint.apiKey || "not-needed",
          baseURL: endpoint.baseURL,
          timeout: endpoint.timeoutMs,
          maxRetries: endpoint.maxRetries,
        }),
    ));
}

/**
 * The provider's name as the app shows it: OpenAI's own service (`official`) without a base URL, else
 * `compatible` with the server's host, e.g. "OpenAI-compatible speech (localhost:8000)".
 */
export function openAiProviderName(baseURL: string | undefined, official: string, compatible: string): string {
  return baseURL ? `${compatible} (${new URL(baseURL).host})` : official;
}
