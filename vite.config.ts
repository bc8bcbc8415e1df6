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
            { name: "icons", test: /lucide-react[\\/]dist[\\/]esm[\\/]icons/, includeDependenciesRecursively: false },
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
