/**
 * The sign-in page as HTML, made at build time (scripts/prerender.ts) so a camper's browser paints it
 * from the page itself, before the client's code has arrived and run; web/src/main.tsx then hydrates it.
 * The tree is main.tsx's own, at "/", signed-out (the session query still pending, as in the browser's
 * first render) and with placeholder camp facts the server fills in (contracts/page-data.ts).
 */
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { PRERENDER_APP_INFO, SIGN_IN_PATHS } from "../../contracts/page-data.ts";
import { App } from "./app/App.tsx";
import { createQueryClient } from "./api/client.ts";
import { apiKeys } from "./api/keys.ts";

export function renderSignInPage(): string {
  const queryClient = createQueryClient();
  queryClient.setQueryData(apiKeys.appInfo, PRERENDER_APP_INFO);
  return renderToString(
    <StrictMode>
      <App queryClient={queryClient} ssrPath={SIGN_IN_PATHS[0]} />
    </StrictMode>,
  );
}
