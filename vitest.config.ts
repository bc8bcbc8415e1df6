import { configDefaults, defineConfig } from "vitest/config";

/**
 * Three projects, one run:
 * - server: unit and integration tests (app.inject) on PGlite, and on PostgreSQL too when
 *   TEST_DATABASE_URL is set (the same files, run a second time as the server-postgres project);
 * - web: component and client tests in jsdom;
 * - e2e: Playwright driving Debian's Chromium against the built app started as `npm start` starts it;
 * - cluster (with TEST_DATABASE_URL): two built web instances and a render worker as separate
 *   processes on PostgreSQL and a local S3 server.
 */
const serverProject = (name: string, env: Record<string, string>, exclude: string[] = []) => ({
  test: {
    name,
    include: ["server/**/*.test.ts", "db/**/*.test.ts", "contracts/**/*.test.ts", "scripts/**/*.test.ts"],
    exclude: [...configDefaults.exclude, ...exclude],
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

// The cluster test runs the built app as separate processes on PostgreSQL, so it needs one too.
const withPostgres = process.env.TEST_DATABASE_URL
  ? [
      // The embedded server's tests start their own PostgreSQL and the scripts' use no database: once is enough.
      serverProject("server-postgres", { TEST_DB_KIND: "postgres" }, ["db/embedded-postgres.test.ts", "scripts/**/*.test.ts"]),
      {
        test: {
          name: "cluster",
          include: ["e2e/cluster/**/*.cluster.ts"],
          environment: "node",
          fileParallelism: false,
          testTimeout: 600_000,
          hookTimeout: 240_000,
        },
      },
    ]
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
