import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { precompress } from "./scripts/precompress.ts";
import { prerender } from "./scripts/prerender.ts";

const apiPort = Number(process.env.PORT ?? 5000);

export default defineConfig({
  root: "web",
  plugins: [react(), tailwindcss(), prerender(), precompress()],
  resolve: {
    // Radix dialogs' scroll lock, without the inline <style> element the CSP refuses (see the file).
    alias: { "react-style-singleton": fileURLToPath(new URL("web/src/lib/style-singleton.ts", import.meta.url)) },
  },
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    sourcemap: true,
    // The server reads it to name each page's chunks in the HTML it sends (server/http/page-preloads.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "icons", test: /lucide-react[\\/]dist[\\/]esm[\\/]icons/, includeDependenciesRecursively: false, priority: 20 },
            // What eight or more entries share (React, the router and query client, the API client, the UI
            // kit's pieces) in one chunk: camp Wi-Fi pays a round trip and some 350 bytes of headers per
            // file, and a signed-in page loaded 16-30 files, most under 2 KB. With it, 7-20, and every
            // page fewer bytes (one larger file compresses better); decision 029a, fifth round.
            { name: "common", minShareCount: 8, priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // The API runs beside Vite in development (npm run dev); the browser sees one origin.
    // /s/{token} is a share link's page, rendered by the server (decision 018).
    proxy: { "/api": { target: `http://localhost:${apiPort}` }, "/s/": { target: `http://localhost:${apiPort}` } },
  },
});
