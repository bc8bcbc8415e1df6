import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { CampBanner } from "../components/layout/CampBanner.tsx";
import { Footer } from "../components/layout/Footer.tsx";
import { Header } from "../components/layout/Header.tsx";
import { Toaster } from "../components/ui/toaster.tsx";
import { ChatDrawer } from "../features/ai/ChatDrawer.tsx";
import { ChatToggle } from "../features/ai/ChatToggle.tsx";
import { AuthProvider } from "../features/auth/auth-context.tsx";
import { createQueryClient } from "../lib/api.ts";
import { AppRoutes } from "./routes.tsx";

export function App({ queryClient }: { queryClient?: QueryClient }) {
  const client = useMemo(() => queryClient ?? createQueryClient(), [queryClient]);
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        <div className="flex min-h-screen flex-col">
          <a
            href="#main"
            className="sr-only z-50 rounded-md bg-white px-3 py-2 focus:not-sr-only focus:absolute focus:left-2 focus:top-2"
          >
            Skip to content
          </a>
          <CampBanner />
          <Header actions={<ChatToggle />} />
          <main id="main" className="flex flex-1 flex-col">
            <AppRoutes />
          </main>
          <Footer />
        </div>
        <ChatDrawer />
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
