import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ComponentProps, ReactNode } from "react";
import { vi } from "vitest";
import { Route, Router, Switch } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import type { PublicUser } from "../../../../contracts/auth.ts";
import type { Show } from "../../../../contracts/recordings.ts";
import { Toaster } from "../../components/ui/toaster.tsx";
import { createQueryClient } from "../../lib/api.ts";
import { AuthProvider } from "../auth/auth-context.tsx";

/** Test-only helpers for the shows, profile and pricing pages (jsdom + a mocked fetch). */

export function buildUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return { id: 1, username: "camper_jo", subscriptionTier: "free", recordingsCount: 0, role: "camper", ...overrides };
}

export function buildShow(id: number, overrides: Partial<Show> = {}): Show {
  const createdAt = new Date(Date.UTC(2025, 6, 1, 12, 0, 0) + id * 60_000).toISOString();
  return {
    id,
    userId: 1,
    title: `Show number ${id}`,
    videoUrl: "",
    transcription: null,
    summary: null,
    narration: `Narration of show ${id}.`,
    prompts: ["What did you build?"],
    responses: ["A canoe rack."],
    engagement: null,
    isDraft: false,
    tone: "friendly",
    videoFormat: "linkedin",
    lengthSeconds: 120,
    audioSource: "original",
    originalNarration: null,
    voice: null,
    fit: "crop",
    captions: null,
    music: null,
    musicLevel: "medium",
    transitions: true,
    captionStyle: "lines",
    titleCard: true,
    titleCardName: false,
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

export function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { "Content-Type": "application/json", ...(init.headers as Record<string, string> | undefined) },
  });
}

export interface FetchCall {
  method: string;
  url: URL;
  /** The request's body when it is text (JSON). */
  body?: string;
}

type Handler = (call: FetchCall) => Response | Promise<Response> | undefined;

/**
 * Replaces global fetch. `user` answers GET /api/user (null: 401, signed out); `handler` answers the
 * rest, and anything it leaves unanswered is a 500 so a missing mock shows up in the test.
 */
export function mockFetch({ user, handler }: { user: PublicUser | null; handler?: Handler }) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const call: FetchCall = { method: (init?.method ?? "GET").toUpperCase(), url: new URL(raw, "http://localhost") };
    if (typeof init?.body === "string") call.body = init.body;
    calls.push(call);
    if (call.method === "GET" && call.url.pathname === "/api/user") {
      return user ? json(user) : json({ message: "You need to sign in first" }, { status: 401 });
    }
    return (await handler?.(call)) ?? json({ message: "unmocked" }, { status: 500 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, fetchMock };
}

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
