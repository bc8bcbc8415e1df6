import { configDefaults, defineConfig } from "vitest/config";

/**
 * Projects (`npm test` runs them in two processes side by side, scripts/test.mjs):
 * - server: unit and integration tests (app.inject) on PGlite;
 * - server-postgres (with TEST_DATABASE_URL): the same files on PostgreSQL, the database the app runs on
 *   by default (embedded) and when scaled out. With it, the PGlite run keeps only the files whose
 *   outcome can depend on the database engine (PGLITE_WHEN_POSTGRES): each assertion still runs on
 *   PostgreSQL, and the PGlite fallback is still checked where it differs (decision 029c);
 * - web: component and client tests in jsdom;
 * - e2e: Playwright driving Debian's Chromium against the built app started as `npm start` starts it;
 * - cluster (with TEST_DATABASE_URL): two built web instances and a render worker as separate
 *   processes on PostgreSQL and a local S3 server.
 */
const SERVER_FILES = ["server/**/*.test.ts", "db/**/*.test.ts", "contracts/**/*.test.ts", "scripts/**/*.test.ts"];

/**
 * The PGlite fallback's own checks when PostgreSQL runs the whole suite: opening and migrating it, and
 * the files whose outcome hangs on the engine (one connection instead of a pool, locks, transactions,
 * concurrent requests, the queries with the most SQL of their own).
 */
const PGLITE_WHEN_POSTGRES = [
  "db/**/*.test.ts",
  // No database at all: run once, here (server-postgres leaves them out).
  "scripts/**/*.test.ts",
  "server/modules/auth/auth.routes.test.ts",
  "server/modules/auth/sign-in-limits.test.ts",
  "server/modules/auth/sign-in-flood.test.ts",
  "server/modules/rate-limit/limiter.test.ts",
  "server/modules/board/board.test.ts",
  "server/modules/clips/upload-locks.test.ts",
  "server/modules/clips/upload-quota-races.test.ts",
  "server/modules/renders/render-queue.test.ts",
  "server/modules/retention/retention.test.ts",
  "server/modules/roster/roster.test.ts",
  "server/modules/shows/shows.routes.test.ts",
  "server/modules/shows/shows-plan-and-paging.routes.test.ts",
  "server/modules/staff/counselor-scope.test.ts",
  "server/modules/storage-quota/storage-quota.test.ts",
  "server/slots.test.ts",
];

/**
 * How long `expect.poll` waits for a state to arrive (Vitest's default is 1 s). A wait limit, not a
 * speed check: on 2 loaded cores a screen or a background step can take several seconds to settle.
 */
const waits = { poll: { timeout: 10_000 } };

const serverProject = (name: string, env: Record<string, string>, exclude: string[] = [], include = SERVER_FILES) => ({
  test: {
    name,
    include,
    exclude: [...configDefaults.exclude, ...exclude],
    environment: "node",
    // One database per worker, shared by its files (opening PGlite costs seconds), reset between tests.
    isolate: false,
    pool: "forks" as const,
    setupFiles: ["testing/setup-server.ts"],
    env,
    // A hang guard, not a speed check: beside another worker and the browser suite, a test that renders
    // a video can take several times its quiet-machine time (decision 029c).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    expect: waits,
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
          expect: waits,
        },
      },
    ]
  : [];

export default defineConfig({
  test: {
    projects: [
      serverProject("server", { TEST_DB_KIND: "pglite" }, [], process.env.TEST_DATABASE_URL ? PGLITE_WHEN_POSTGRES : SERVER_FILES),
      ...withPostgres,
      {
        test: {
          name: "web",
          include: ["web/src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["testing/setup-web.ts", "web/src/test-setup.ts"],
          // One jsdom and one module graph per worker, shared by its files: a fresh one per file was
          // three quarters of the project's CPU (303 s against 68 s; decision 029c). What a file leaves
          // behind is undone after each test: rendered trees (setup-web.ts), stubbed globals (below).
          isolate: false,
          unstubGlobals: true,
          // A hang guard, as on the server: beside the server workers and the browser process, a screen
          // test that waits on several renders can take several times Vitest's default 5 s.
          testTimeout: 30_000,
          expect: waits,
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
          expect: waits,
        },
      },
    ],
  },
});
