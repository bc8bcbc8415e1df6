import "./zod-config.ts";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import "./styles.css";

const root = document.getElementById("root")!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The sign-in page arrives pre-rendered (web/src/prerender.tsx), so it is on screen before this code
// runs; React takes that markup over instead of drawing it again (a click meanwhile is replayed once it
// has). Every other page starts empty.
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
