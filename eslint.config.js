import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
    },
  },
  {
    files: ["web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      // The browser bundle must never pull in server or database code.
      "no-restricted-imports": ["error", { patterns: ["**/server/**", "**/db/**", "**/testing/**"] }],
    },
  },
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
    files: ["scripts/**/*.mjs", "bench/**/*.{ts,mjs}", "e2e/**/*.ts", "testing/**/*.ts"],
    rules: { "no-console": "off" },
  },
);
