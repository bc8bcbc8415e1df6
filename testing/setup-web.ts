import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// Vitest runs without globals, so Testing Library can't register its own cleanup: unmount here.
afterEach(cleanup);

// findBy*/waitFor wait for what the camper would see; on two busy cores (the whole suite at once) a
// lazily loaded page can take longer than the library's 1 s to first appear. A condition met sooner
// still returns at once, so only a slow machine waits longer.
configure({ asyncUtilTimeout: 5000 });
