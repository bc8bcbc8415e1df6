import { afterEach, beforeEach, vi } from "vitest";
import { resetDatabase, testDatabase } from "./test-database.ts";

// Each test starts from empty tables.
beforeEach(async () => {
  const { db } = await testDatabase();
  await resetDatabase(db);
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
