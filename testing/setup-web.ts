import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeAll, vi } from "vitest";

// Vitest runs without globals, so Testing Library can't register its own cleanup: unmount here.
afterEach(cleanup);

// The web files share one jsdom per worker (vitest.config.ts): each file starts as a fresh page
// would, with the app's own modules loaded anew (their state, such as open toasts and announcements,
// is a page's), empty storage and the real clock, whatever the file before it left. Libraries in
// node_modules stay loaded: loading them is most of what a fresh jsdom per file cost.
vi.resetModules();
beforeAll(() => {
  vi.useRealTimers();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// findBy*/waitFor wait for what the camper would see; on two busy cores (the whole suite at once) a
// lazily loaded page can take longer than the library's 1 s to first appear. A condition met sooner
// still returns at once, so only a slow machine waits longer.
configure({ asyncUtilTimeout: 5000 });
