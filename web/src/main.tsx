import "./zod-config.ts";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/App.tsx";
import { prefetchPath } from "./app/pages.ts";
import "./styles.css";

// The page's own code starts downloading now, beside the session check, rather than after it (the route
// guard renders the page only once it knows who is signed in): one round trip less before a signed-in
// screen paints. The sign-in page is in this bundle already, so nothing more is fetched there.
prefetchPath(window.location.pathname);

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
