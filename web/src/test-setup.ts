import { beforeAll } from "vitest";
import { confirmDialogCode } from "./components/ui/confirm-dialog.tsx";

// The web project's own setup (after testing/setup-web.ts), here so it is type-checked with the client.
// The confirm dialog's code loads on a dialog's first open in the app (decision 029a); a screen's test
// is about what the dialog does, so the code is here before each file runs. Its loading on first use is
// tested on its own, from fresh modules (web/src/components/ui/confirm-dialog.test.tsx).
beforeAll(async () => {
  await confirmDialogCode.load();
});
