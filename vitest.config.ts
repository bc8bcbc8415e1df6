import { defineConfig } from "vitest/config";

/**
 * Three projects, one run:
 * - server: unit and integration tests (app.inject) on PGlite, and on PostgreSQL too when
 *   TEST_DATABASE_URL is set (the same files, run a second time as the server-postgres project);
 * - web: component and client tests in jsdom;
 * - e2e: Playwright driving Debian's Chromium against the built app started as `npm start` starts it.
 */
const serverProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    include: ["server/**/*.test.ts", "db/**/*.test.ts", "contracts/**/*.test.ts"],
    environment: "node",
    // One database per worker, shared by its files (opening PGlite costs seconds), reset between tests.
    isolate: false,
    pool: "forks" as const,
    setupFiles: ["testing/setup-server.ts"],
    env,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

const withPostgres = process.env.TEST_DATABASE_URL
  ? [serverProject("server-postgres", { TEST_DB_KIND: "postgres" })]
  : [];

export default defineConfig({
  test: {
    projects: [
      serverProject("server", { TEST_DB_KIND: "pglite" }),
      ...withPostgres,
      {
        test: {
          name: "web",
          include: ["web/src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["testing/setup-web.ts"],
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.ts"],
          environment: "node",
          globalSetup: ["e2e/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
