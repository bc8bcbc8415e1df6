import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The project's own rules. Comments say how the code behaves; the history of why lives in git and in
 * docs/decisions/, so a comment never points at an issue number.
 */
const project = {
  rules: {
    "no-issue-numbers-in-comments": {
      meta: { type: "suggestion", messages: { issue: "Say what the code does; issue numbers belong in commit messages." } },
      create(context) {
        return {
          Program() {
            for (const comment of context.sourceCode.getAllComments()) {
              if (/\bissues? ?#?\d+/i.test(comment.value)) context.report({ loc: comment.loc, messageId: "issue" });
            }
          },
        };
      },
    },
  },
};

const RAW_FETCH =
  "Call the server through the data layer in web/src/api (getJson, sendJson, sendForm, sendText, streamAi, ...); only the tus upload loop speaks raw HTTP.";

/** One layer's import rules: its source files, and its tests (which may use test helpers). */
function layerImports(folder, layer) {
  return [
    { files: [`${folder}/**/*.{ts,tsx}`], rules: { "no-restricted-imports": webImports({ layer }) } },
    { files: [`${folder}/**/*.test.{ts,tsx}`], rules: { "no-restricted-imports": webImports({ layer, tests: true }) } },
  ];
}

/**
 * What a web file may import. The browser bundle never pulls in server or database code, nor test
 * helpers (tests may); a feature never imports another feature or the app layer; the shared layers
 * (api, components, hooks, lib) never import a feature or the app layer.
 */
function webImports({ tests = false, layer } = {}) {
  const patterns = [
    tests
      ? { group: ["**/server/**", "**/db/**"], message: "The web tests run in the browser's world: no server or database code." }
      : { group: ["**/server/**", "**/db/**", "**/testing/**"], message: "The browser bundle never loads server, database or test code." },
  ];
  if (layer === "feature") {
    patterns.push(
      {
        regex: "^\\.\\./(?!\\.)",
        message:
          "A feature never imports another feature: move what both need to web/src/api (data), components (UI), hooks or lib (pure helpers), or place both on one page in web/src/app.",
      },
      {
        regex: "^(\\.\\./)+(app|features)/",
        message: "A feature never imports the app layer (it imports the features): move what both need to web/src/lib, hooks or components.",
      },
    );
  }
  if (layer === "shared" || layer === "data" || layer === "pure") {
    patterns.push({
      regex: "^(\\.\\./)+(app|features)/",
      message: "The shared layers (api, components, hooks, lib) never import a feature or the app layer: move the piece they need down here.",
    });
  }
  if (layer === "data") {
    patterns.push({
      regex: "^(\\.\\./)+(components|hooks)/",
      message: "The data layer draws nothing and holds no React hooks of the UI: what it needs of the UI (words, announcements, toasts) lives in web/src/api or lib.",
    });
  }
  if (layer === "pure") {
    patterns.push({
      regex: "^(\\.\\./)+(api|components|hooks)/",
      message: "web/src/lib holds pure helpers: it imports no data layer, UI or hooks.",
    });
  }
  return ["error", { patterns }];
}

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "data/**", "coverage/**", "db/migrations/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["error", "warn"] }],
      // A file is read in one sitting: past 300 lines it is split along its domain's seams.
      "max-lines": ["error", { max: 300, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    files: ["**/*.{ts,tsx,js,mjs,cjs}"],
    plugins: { project },
    rules: { "project/no-issue-numbers-in-comments": "error" },
  },
  {
    files: ["web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "no-restricted-imports": webImports(),
      // The client speaks to the server through its one data layer (web/src/api).
      "no-restricted-globals": ["error", { name: "fetch", message: RAW_FETCH }],
      "no-restricted-properties": ["error", ...["window", "globalThis", "self"].map((object) => ({ object, property: "fetch", message: RAW_FETCH }))],
    },
  },
  {
    // Tests and their shared builders (web/src/testing) may use the test helpers; the bundle never does.
    files: ["web/src/**/*.test.{ts,tsx}", "web/src/testing/**"],
    rules: { "no-restricted-imports": webImports({ tests: true }), "no-restricted-globals": "off", "no-restricted-properties": "off" },
  },
  {
    // The data layer, and the tus upload loop: its PATCH/HEAD/DELETE are the upload protocol itself.
    files: ["web/src/api/**", "web/src/features/recorder/uploader.ts", "web/src/features/recorder/clip-uploader.ts"],
    rules: { "no-restricted-globals": "off", "no-restricted-properties": "off" },
  },
  // A feature imports the shared layers and its own folder, never another feature or the app layer
  // (which imports the features): a page that places several features' parts lives in web/src/app.
  ...layerImports("web/src/features", "feature"),
  // The shared layers sit below the features: they never import one, nor the app layer. Among them,
  // lib (pure helpers) sits under the data layer (api), which sits under the UI (components).
  ...layerImports("web/src/{components,hooks}", "shared"),
  ...layerImports("web/src/api", "data"),
  ...layerImports("web/src/lib", "pure"),
  {
    // Contracts are shared by both sides, so they depend on zod alone.
    files: ["contracts/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["**/server/**", "**/db/**", "**/web/**", "**/testing/**"] }],
    },
  },
  {
    // The server starts programs only through its one helper, which keeps a camper's text off their
    // command lines, pins what ffmpeg may read and stops every run at its time limit.
    files: ["server/**/*.ts", "db/**/*.ts"],
    ignores: ["server/media/tool-process.ts", "**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: ["node:child_process", "child_process"].map((name) => ({
            name,
            message: "Start programs with spawnTool/runTool from server/media/tool-process.ts.",
          })),
        },
      ],
    },
  },
  {
    // Every query on a table lives in that table's repository: the rest of the server asks repositories
    // and never holds the database. Only the composition roots (app, main, worker, composition/, cli/) that open the connection and build the repositories import the client.
    files: ["server/**/*.ts"],
    ignores: ["server/**/*.repository.ts", "server/app.ts", "server/main.ts", "server/worker.ts", "server/composition/**", "server/cli/**", "**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["drizzle-orm", "drizzle-orm/*", "**/db/client", "**/db/client.ts", "**/db/schema", "**/db/schema/**"],
              message:
                "Queries belong in their table's repository (server/modules/<module>/<table>.repository.ts): add a method there and call it. A transaction across tables is one repository method, or repository methods sharing an Executor (db/executor.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    // Wiring you can read: a class with more than three collaborators or settings takes one options object.
    files: ["server/**/*.ts", "db/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MethodDefinition[kind='constructor'] > FunctionExpression[params.length>3]",
          message: "Take one options object: a constructor with more than three positional arguments is hard to read where it is called.",
        },
      ],
    },
  },
  {
    // Thin routes: a route parses, calls one service method and shapes the reply. Rate limits, staff scopes
    // and audit entries are the services' business, and a route never reaches through a service to its parts.
    files: ["server/**/*.routes.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MethodDefinition[kind='constructor'] > FunctionExpression[params.length>3]",
          message: "Take one options object: a constructor with more than three positional arguments is hard to read where it is called.",
        },
        {
          selector: "ImportDeclaration[source.value=/(rate-limit\\/limiter|staff\\/audit-log|staff\\/staff-scope)\\.ts$/]",
          message: "Rate limits, staff scopes and audit entries belong in the service the route calls.",
        },
        {
          selector: "MemberExpression[property.name=/^(storage|audit|scopes|limiter|repo|repository|db)$/]",
          message: "Do not reach through a service to its collaborators: ask the service, or give the route what it needs.",
        },
        {
          selector: "ImportSpecifier[imported.name='AiError']",
          message: "AiError is answered as HTTP once, in server/http/errors.ts (asKnownHttpError): let it through.",
        },
      ],
    },
  },
  {
    files: ["scripts/**/*.mjs", "bench/**/*.{ts,mjs}", "e2e/**/*.ts", "testing/**/*.ts"],
    rules: { "no-console": "off" },
  },

);
