import { existsSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { startServer, type RunningServer } from "./support/server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

let server: RunningServer | undefined;

/** One built server for the e2e files (npm test builds first); tests needing their own start one. */
export async function setup(project: TestProject) {
  if (!existsSync("dist/server/main.js") || !existsSync("dist/web/index.html")) {
    throw new Error("The app is not built: run `npm run build` (npm test does it first).");
  }
  server = await startServer();
  project.provide("baseURL", server.baseURL);
}

export async function teardown() {
  await server?.stop();
}
