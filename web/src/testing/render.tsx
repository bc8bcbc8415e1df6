import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ComponentProps, ReactNode } from "react";
import { Route, Router, Switch } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { AuthProvider } from "../api/auth-context.tsx";
import { createQueryClient } from "../api/client.ts";
import { Toaster } from "../components/ui/toaster.tsx";

/** Test-only: a page or part rendered with the app's query client, auth provider and toaster (jsdom). */

/** Renders `ui` at `path` with the app's query client, auth provider and toaster. */
export function renderAt(path: string, ui: ReactNode) {
  const location = memoryLocation({ path, record: true });
  const queryClient = createQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Router hook={location.hook} searchHook={location.searchHook}>
          {ui}
        </Router>
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...result, location, queryClient };
}

/**
 * A page under a show (`page` routed at `pattern`) opened at `path`. The show's own page is a stand-in
 * saying "Show detail", so a test sees the page send the camper back to it.
 */
export function renderShowSubpage(path: string, pattern: string, page: ComponentProps<typeof Route>["component"]) {
  return renderAt(
    path,
    <Switch>
      <Route path={pattern} component={page} />
      <Route path="/shows/:id">
        <p>Show detail</p>
      </Route>
    </Switch>,
  );
}

/** `ui` with a fresh query client and the toaster; the auth provider only when asked. */
export function renderWithProviders(ui: ReactNode, { auth = false }: { auth?: boolean } = {}) {
  const queryClient = createQueryClient();
  const content = (
    <>
      {ui}
      <Toaster />
    </>
  );
  return render(
    <QueryClientProvider client={queryClient}>{auth ? <AuthProvider>{content}</AuthProvider> : content}</QueryClientProvider>,
  );
}
