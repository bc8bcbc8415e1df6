/**
 * zod compiles object parsers with `new Function` when it may, and probes for that once; under our
 * Content-Security-Policy (no 'unsafe-eval') the probe is refused and Chromium logs a `script-src eval`
 * violation on every page. Parsing without that compilation is fast enough for API responses, and the
 * policy stays strict.
 *
 * Set through the object zod keeps its settings in (`globalThis.__zod_globalConfig`, shared by every
 * copy of zod on a page) rather than `z.config()`, so setting it does not download zod: the sign-in
 * page needs none, and later pages bring it with their own code. Imported first by main.tsx, before
 * any schema can parse; zod-config.test.ts checks that zod reads it.
 */
// Changed in place, never replaced: a zod loaded before this module (a test run that shares modules
// between files) keeps the object it found, and must see the setting too.
const zodHolder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(zodHolder.__zod_globalConfig ??= {}).jitless = true;
export {};
