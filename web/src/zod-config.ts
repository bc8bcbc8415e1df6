import { z } from "zod";

/**
 * zod compiles object parsers with `new Function` when it may, and probes for that once; under our
 * Content-Security-Policy (no 'unsafe-eval') the probe is refused and Chromium logs a `script-src eval`
 * violation on every page. Parsing without that compilation is fast enough for API responses, and the
 * policy stays strict. Imported first by main.tsx, before any schema parses.
 */
z.config({ jitless: true });
