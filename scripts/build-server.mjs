// Emits the server into dist/ (tsc -p tsconfig.server.json), checking its types as it goes.
// With BUILD_SKIP_TYPECHECK=1 tsc emits without checking (--noCheck). .ci/run sets it because it runs
// `npm run typecheck` (tsconfig.json: the same server, contracts and db files, and more) beside the
// tests, so the build need not check them a second time. The JavaScript and source maps are the same
// byte for byte: every file compiles on its own (isolatedModules, verbatimModuleSyntax), so no emit
// depends on types. It costs about 40 % of the CPU of a checked emit (decision 029c).
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const noCheck = process.env.BUILD_SKIP_TYPECHECK === "1" ? ["--noCheck"] : [];
const { status, error } = spawnSync(process.execPath, [tsc, "-p", "tsconfig.server.json", ...noCheck], { stdio: "inherit" });
if (error) throw error;
process.exit(status ?? 1);
