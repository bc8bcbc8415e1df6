import { rm } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, vi } from "vitest";
import { TEST_DATA_DIR } from "./test-app.ts";
import { resetDatabase, testDatabase } from "./test-database.ts";

// Each test starts from empty tables.
beforeEach(async () => {
  const { db } = await testDatabase();
  await resetDatabase(db);
  // Ids start again at 1, so the media of an earlier test's camper must go too.
  await rm(path.join(TEST_DATA_DIR, "media"), { recursive: true, force: true });
});

// An unexpected console.error is a bug the test did not see: fail the test that caused it.
let consoleErrors: unknown[][] = [];
const originalError = console.error;
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
    originalError(...args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore?.();
  if (consoleErrors.length) {
    throw new Error(`console.error was called during the test:\n${consoleErrors.map((a) => a.join(" ")).join("\n")}`);
  }
});
