import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import { NEXT_CURSOR_HEADER, type Show } from "../../../../contracts/recordings.ts";
import { SHOWS_LIST_PAGE_SIZE } from "../../../../contracts/product.ts";
import { apiRequest } from "../../lib/api.ts";
import { CURRENT_USER_KEY } from "../auth/auth-context.tsx";

/**
 * Every shows query key starts with this, so invalidating ["/api/recordings"] refreshes the list,
 * the profile's recent shows, every detail page and any other screen's copy of the list.
 * The list keys add a marker segment so their cached shape never collides with a plain
 * ["/api/recordings"] query (an array) kept by another screen.
 */
export const SHOWS_ROOT = "/api/recordings";
export const SHOWS_ROOT_KEY = [SHOWS_ROOT] as const;

export const showKeys = {
  pages: (limit: number) => [SHOWS_ROOT, "pages", { limit }] as const,
  recent: (limit: number) => [SHOWS_ROOT, "recent", { limit }] as const,
  /** The default query function GETs the key joined with "/": /api/recordings/{id}. */
  detail: (id: string) => [SHOWS_ROOT, id] as const,
};

export interface ShowsPage {
  shows: Show[];
  /** The cursor of the next page; undefined on the last page. */
  nextCursor: string | undefined;
}

/** The list's error text as the spec words it. */
export class FetchShowsError extends Error {
  constructor(readonly status: number) {
    super(`Failed to fetch recordings: ${status}`);
    this.name = "FetchShowsError";
  }
}

/** One page of the signed-in camper's shows, newest first. */
export async function fetchShowsPage(
  { limit, cursor }: { limit: number; cursor?: string },
  signal?: AbortSignal,
): Promise<ShowsPage> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set("cursor", cursor);
  const response = await fetch(`${SHOWS_ROOT}?${params.toString()}`, { credentials: "include", signal });
  if (!response.ok) throw new FetchShowsError(response.status);
  const shows = (await response.json()) as Show[];
  return { shows, nextCursor: response.headers.get(NEXT_CURSOR_HEADER) ?? undefined };
}

/** The My Shows list: pages of SHOWS_LIST_PAGE_SIZE, following the server's cursor. */
export function useShowsPages(limit: number = SHOWS_LIST_PAGE_SIZE) {
  return useInfiniteQuery<ShowsPage, Error>({
    queryKey: showKeys.pages(limit),
    queryFn: ({ pageParam, signal }) =>
      fetchShowsPage({ limit, cursor: typeof pageParam === "string" ? pageParam : undefined }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The newest `limit` shows (the profile's "Recent shows"). */
export function useRecentShows(limit: number) {
  return useQuery<Show[], Error>({
    queryKey: showKeys.recent(limit),
    queryFn: async ({ signal }) => (await fetchShowsPage({ limit }, signal)).shows,
  });
}

/** Route ids the server accepts (contracts' showIdParamsSchema): anything else can't be a show. */
export function isValidShowId(id: string | undefined): id is string {
  return id !== undefined && /^[1-9]\d{0,8}$/.test(id);
}

export function useShow(id: string | undefined, enabled = true) {
  return useQuery<Show, Error>({
    queryKey: showKeys.detail(id ?? ""),
    enabled: enabled && isValidShowId(id),
  });
}

/** After a show changes or goes: every shows query, and the user (recordingsCount) are stale. */
export async function invalidateShows(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: SHOWS_ROOT_KEY }),
    queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
  ]);
}

export function useDeleteShow() {
  const queryClient = useQueryClient();
  return useMutation<void, Error, number>({
    mutationFn: async (id) => {
      await apiRequest("DELETE", `${SHOWS_ROOT}/${id}`);
    },
    onSuccess: (_data, id) => {
      // The deleted show's own page must not refetch (it would only 404).
      queryClient.removeQueries({ queryKey: showKeys.detail(String(id)), exact: true });
      // Not awaited: the camper moves on at once while the list and the count refresh.
      void invalidateShows(queryClient);
    },
  });
}
