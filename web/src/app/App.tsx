import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { Router } from "wouter";
import { Announcer } from "../components/a11y/announcer.tsx";
import { Footer } from "../components/layout/Footer.tsx";
import { Header } from "../components/layout/Header.tsx";
import { Toaster } from "../components/ui/toaster.tsx";
import { ChatToggle } from "../features/ai/ChatToggle.tsx";
import { closeChat, useChatState } from "../features/ai/chat-state.ts";
import { AuthProvider, useAuth } from "../api/auth-context.tsx";
import { createQueryClient } from "../api/client.ts";
import { lazyPage } from "./lazy-page.ts";
import { ASSISTANT_UNAVAILABLE, PageUnavailable } from "./PageUnavailable.tsx";
import { PageErrorBoundary } from "./PageErrorBoundary.tsx";
import { PagePrefetch } from "./prefetch.ts";
import { AppRoutes } from "./routes.tsx";
import { RouteFocus } from "./RouteFocus.tsx";

const ChatDrawer = lazyPage(
  () => import("../features/ai/ChatDrawer.tsx"),
  "ChatDrawer",
  () => null,
  (retry) => (
    <PageUnavailable
      onRetry={retry}
      message={ASSISTANT_UNAVAILABLE}
      className="fixed bottom-4 right-4 z-40 max-w-sm rounded-xl border border-slate-200 bg-white p-4 shadow-lg"
    />
  ),
);
const IdleSignOut = lazy(() => import("../features/idle/IdleSignOut.tsx").then((m) => ({ default: m.IdleSignOut })));

/** Starts the assistant's download; failures are retried by the open itself. */
const preloadChatDrawer = () => void ChatDrawer.preload().catch(() => {});

/** Shared tablets: a camper away for the camp's idle time is signed out; its code loads only for campers. */
function CamperIdleSignOut() {
  const { user } = useAuth();
  if (user?.role !== "camper") return null;
  return (
    <Suspense fallback={null}>
      <IdleSignOut />
    </Suspense>
  );
}

/**
 * The AI assistant's code loads when a signed-in camper first opens it (pointing at the toggle starts the
 * download), so neither the sign-in page nor a first visit to any other screen pays for it (decision
 * 029a). Once opened it stays mounted, hidden when closed, so the conversation survives closing.
 */
function SignedInChat() {
  const { user } = useAuth();
  const { open } = useChatState();
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  useEffect(() => {
    if (!user) closeChat();
  }, [user]);
  if (!user || !wanted) return null;
  return (
    <Suspense fallback={null}>
      <ChatDrawer />
    </Suspense>
  );
}

/**
 * The whole client. `ssrPath` is the page's path when it is rendered outside a browser (the sign-in
 * page, pre-rendered at build time: web/src/prerender.tsx); in a browser the address bar says it.
 */
export function App({ queryClient, ssrPath }: { queryClient?: QueryClient; ssrPath?: string }) {
  const client = useMemo(() => queryClient ?? createQueryClient(), [queryClient]);
  return (
    <Router ssrPath={ssrPath}>
      <QueryClientProvider client={client}>
        <AuthProvider>
          <div className="flex min-h-screen flex-col">
            <a
              href="#main"
              className="sr-only z-50 rounded-md bg-white px-3 py-2 focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:inline-flex focus:min-h-11 focus:items-center"
            >
              Skip to content
            </a>
            <Header actions={<ChatToggle onIntent={preloadChatDrawer} />} />
            <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
              <PageErrorBoundary>
                <AppRoutes />
              </PageErrorBoundary>
            </main>
            <Footer />
          </div>
          <SignedInChat />
          <CamperIdleSignOut />
          <PagePrefetch />
          <Toaster />
          <Announcer />
          <RouteFocus />
        </AuthProvider>
      </QueryClientProvider>
    </Router>
  );
}
