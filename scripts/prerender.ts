import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build, type Plugin } from "vite";
import { SIGN_IN_PAGE_FILE } from "../contracts/page-data.ts";

const ROOT_ELEMENT = '<div id="root"></div>';

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]* href="(\/assets\/[^"]+\.css)">/g;

/**
 * After the client is built, renders its sign-in page to HTML (web/src/prerender.tsx, built for Node
 * into a scratch folder and run once) and writes `sign-in.html` (decision 024): the built index.html
 * with that markup inside its root element and its stylesheet written in, so the page paints as soon
 * as it arrives, before the client's code (and without waiting on a second request for the styles).
 */
export function prerender(): Plugin {
  let root = "";
  let outDir = "";
  return {
    name: "summer-stories:prerender",
    apply: (config, { command }) => command === "build" && !config.build?.ssr,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // Inside the project, so the built module finds react and the rest in node_modules.
      const cache = path.resolve(root, "../node_modules/.cache");
      mkdirSync(cache, { recursive: true });
      const scratch = mkdtempSync(path.join(cache, "prerender-"));
      try {
        await build({
          configFile: false,
          root,
          logLevel: "warn",
          plugins: [react()],
          build: { ssr: "src/prerender.tsx", outDir: scratch, emptyOutDir: true, sourcemap: false, minify: false },
        });
        const entry = path.join(scratch, "prerender.js");
        const { renderSignInPage } = (await import(pathToFileURL(entry).href)) as { renderSignInPage: () => string };
        const shell = readFileSync(path.join(outDir, "index.html"), "utf8");
        if (!shell.includes(ROOT_ELEMENT)) throw new Error(`index.html has no empty ${ROOT_ELEMENT} to pre-render into`);
        const page = shell
          .replace(STYLESHEET_LINK, (_link, href: string) => `<style>${inlineStylesheet(path.join(outDir, href))}</style>`)
          .replace(ROOT_ELEMENT, `<div id="root">${renderSignInPage()}</div>`);
        writeFileSync(path.join(outDir, SIGN_IN_PAGE_FILE), page);
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    },
  };
}

/** A built stylesheet's text for a <style> element: no relative URLs (they would resolve against the page). */
function inlineStylesheet(file: string): string {
  const css = readFileSync(file, "utf8");
  if (/<\/style/i.test(css)) throw new Error(`${file} cannot be written into a <style> element`);
  if (/url\(\s*["']?(?![a-z]+:|\/|#)/i.test(css)) throw new Error(`${file} has a relative url(), which would break when inlined`);
  return css;
}
