import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import { parseId } from "../../../contracts/ids-constants.ts";
import { NEXT_CURSOR_HEADER } from "../../../contracts/shows-constants.ts";
import type { CreateShowBody, Show, UpdateShowBody } from "../../../contracts/shows.ts";
import { SHOWS_LIST_PAGE_SIZE } from "../../../contracts/product.ts";
import { ApiError, apiRequest, getJson, getJsonWithHeaders, sendJson } from "./client.ts";
import { apiKeys } from "./keys.ts";

/** Where the shows are; their query keys are apiKeys.showsRoot and the keys below it. */
export const SHOWS_ROOT = "/api/recordings";

/**
 * Every field of a show: a show's answer lacking one is a ContractError, not a screen that breaks
 * later (or an editor that saves over it). A Record keyed by the contract's type, so the type check
 * fails when the contract gains or loses a field this list does not.
 */
const SHOW_FIELD_SET: Record<keyof Show, true> = {
  id: true,
  userId: true,
  title: true,
  videoUrl: true,
  transcription: true,
  summary: true,
  narration: true,
  prompts: true,
  responses: true,
  engagement: true,
  isDraft: true,
  tone: true,
  videoFormat: true,
  lengthSeconds: true,
  audioSource: true,
  originalNarration: true,
  voice: true,
  fit: true,
  captions: true,
  music: true,
  musicLevel: true,
  transitions: true,
  captionStyle: true,
  titleCard: true,
  titleCardName: true,
  createdAt: true,
  updatedAt: true,
};
const SHOW_FIELDS = Object.keys(SHOW_FIELD_SET);

export function fetchShow(id: number | string, signal?: AbortSignal): Promise<Show> {
  return getJson<Show>(`${SHOWS_ROOT}/${id}`, { signal, fields: SHOW_FIELDS });
}

/** POST /api/narrations: a new show. */
export function createShowRequest(body: CreateShowBody): Promise<Show> {
  return sendJson<Show>("POST", "/api/narrations", body, { fields: SHOW_FIELDS });
}

/** PATCH /api/recordings/{id}: only the fields sent change. */
export function updateShowRequest(id: number, patch: UpdateShowBody, options: { keepalive?: boolean } = {}): Promise<Show> {
  return sendJson<Show>("PATCH", `${SHOWS_ROOT}/${id}`, patch, { ...options, fields: SHOW_FIELDS });
}

/**
 * After a save: the show's one cache entry holds the server's answer; lists and the count refresh.
 * Choices still on their way to the server stay as the camper set them: an answer to an earlier save
 * (the script's autosave, say) predates them and would flip a radio back until their own answer came.
 */
export function rememberSavedShow(queryClient: QueryClient, show: Show) {
  const inFlight = queryClient.getMutationCache().findAll({ mutationKey: apiKeys.showChoices(show.id), status: "pending" });
  const choices = Object.assign({}, ...inFlight.map((m) => m.state.variables as Partial<Show>)) as Partial<Show>;
  queryClient.setQueryData(apiKeys.show(show.id), { ...show, ...choices });
  void queryClient.invalidateQueries({
    queryKey: apiKeys.showsRoot,
    // The show itself is current; its clips and voice-over are not touched by a save.
    predicate: (query) => query.queryKey[1] !== String(show.id),
  });
  // Which finished video matches the show's choices and script may have changed with this save.
  void queryClient.invalidateQueries({ queryKey: apiKeys.showRenders(show.id) });
  void queryClient.invalidateQueries({ queryKey: apiKeys.currentUser });
}

export interface ShowsPage {
  shows: Show[];
  /** The cursor of the next page; undefined on the last page. */
  nextCursor: string | undefined;
}

/** The list's failure as My Shows shows it: "Failed to fetch recordings" and the HTTP status. */
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
  try {
    const { data: shows, headers } = await getJsonWithHeaders<Show[]>(`${SHOWS_ROOT}?${params.toString()}`, { signal });
    return { shows, nextCursor: headers.get(NEXT_CURSOR_HEADER) ?? undefined };
  } catch (error) {
    // My Shows words a refusal by its status only; a network or contract failure keeps its own message.
    if (error instanceof ApiError) throw new FetchShowsError(error.status);
    throw error;
  }
}

/** The My Shows list: pages of SHOWS_LIST_PAGE_SIZE, following the server's cursor. */
export function useShowsPages(limit: number = SHOWS_LIST_PAGE_SIZE) {
  return useInfiniteQuery<ShowsPage, Error>({
    queryKey: apiKeys.showPages(limit),
    queryFn: ({ pageParam, signal }) =>
      fetchShowsPage({ limit, cursor: typeof pageParam === "string" ? pageParam : undefined }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The newest `limit` shows (the profile's "Recent shows"). */
export function useRecentShows(limit: number) {
  return useQuery<Show[], Error>({
    queryKey: apiKeys.showsRecent(limit),
    queryFn: async ({ signal }) => (await fetchShowsPage({ limit }, signal)).shows,
  });
}

/** Route ids that can name a show (the database's id range): anything else can't be a show. */
export function isValidShowId(id: string | undefined): id is string {
  return parseId(id) !== null;
}

export function useShow(id: string | undefined, enabled = true, options: { fresh?: boolean } = {}) {
  return useQuery<Show, Error>({
    queryKey: apiKeys.show(id ?? ""),
    queryFn: ({ signal }) => fetchShow(id!, signal),
    enabled: enabled && isValidShowId(id),
    // Screens that edit the show start from what the server has now, never from an older copy.
    ...(options.fresh ? { refetchOnMount: "always" as const } : {}),
  });
}

/** After a show changes or goes: every shows query, and the user (recordingsCount) are stale. */
export async function invalidateShows(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: apiKeys.showsRoot }),
    queryClient.invalidateQueries({ queryKey: apiKeys.currentUser }),
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
      queryClient.removeQueries({ queryKey: apiKeys.show(String(id)), exact: true });
      // Not awaited: the camper moves on at once while the list and the count refresh.
      void invalidateShows(queryClient);
    },
  });
}
