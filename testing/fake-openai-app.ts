import { afterAll, beforeAll } from "vitest";
import type { App } from "../server/app.ts";
import { startFakeOpenAiServer, type FakeOpenAiServer } from "./fake-openai-server.ts";
import { createTestApp } from "./test-app.ts";

/**
 * A local fake of an OpenAI-compatible server and an app whose config (`env`, given the fake's base URL)
 * points at it, so the real SDK is exercised end to end. Registers beforeAll/afterAll where it is called
 * (a file or a describe); read `fake` and `app` inside its tests.
 */
export function appWithFakeOpenAi(env: (baseURL: string) => Record<string, string>): { readonly fake: FakeOpenAiServer; readonly app: App } {
  const scene = {} as { fake: FakeOpenAiServer; app: App };
  beforeAll(async () => {
    scene.fake = await startFakeOpenAiServer();
    scene.app = await createTestApp(env(scene.fake.baseURL));
  });
  afterAll(async () => {
    await scene.app?.close();
    await scene.fake?.close();
  });
  return scene;
}
