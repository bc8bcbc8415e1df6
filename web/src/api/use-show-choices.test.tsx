import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Show } from "../../../contracts/shows.ts";
import { createQueryClient } from "./client.ts";
import { apiKeys } from "./keys.ts";
import { rememberSavedShow } from "./shows-api.ts";
import { buildShow } from "../testing/builders.ts";
import { json } from "../testing/http.ts";
import { useShowChoices } from "./use-show-choices.ts";

afterEach(() => vi.unstubAllGlobals());

/** A PATCH of the show that answers only when the test says so. */
function holdPatches() {
  const answers: ((response: Response) => void)[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(() => new Promise<Response>((resolve) => answers.push(resolve))),
  );
  return answers;
}

function setup(show: Show) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(apiKeys.show(show.id), show);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useShowChoices(show.id), { wrapper });
  const cached = () => queryClient.getQueryData<Show>(apiKeys.show(show.id))!;
  return { queryClient, result, cached };
}

describe("final-video choices next to other saves", () => {
  it("keeps a choice on its way to the server when an earlier save's answer arrives first", async () => {
    const answers = holdPatches();
    const { queryClient, result, cached } = setup(buildShow(5, { fit: "crop", audioSource: "original" }));

    act(() => result.current.choose({ fit: "fit" }));
    // Shown from the click on, before the cache entry or the server has it.
    expect(result.current.pending).toEqual({ fit: "fit" });
    await waitFor(() => expect(answers).toHaveLength(1));
    expect(cached().fit).toBe("fit");

    // The answer to the script's autosave, sent before the choice: it knows the new sound, not the new fit.
    act(() => rememberSavedShow(queryClient, buildShow(5, { fit: "crop", audioSource: "voice" })));
    expect(cached()).toMatchObject({ fit: "fit", audioSource: "voice" });

    await act(async () => answers[0]!(json(buildShow(5, { fit: "fit", audioSource: "voice" }))));
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(result.current.pending).toEqual({});
    expect(cached()).toMatchObject({ fit: "fit", audioSource: "voice" });
  });

  it("puts back only the refused choice, keeping what was saved meanwhile", async () => {
    const answers = holdPatches();
    const { queryClient, result, cached } = setup(buildShow(6, { captions: true, audioSource: "original" }));

    act(() => result.current.choose({ captions: false }));
    expect(result.current.pending).toEqual({ captions: false });
    await waitFor(() => expect(answers).toHaveLength(1));
    act(() => rememberSavedShow(queryClient, buildShow(6, { captions: true, audioSource: "voice" })));

    await act(async () => answers[0]!(json({ message: "Captions need a script" }, { status: 400 })));
    await waitFor(() => expect(result.current.isPending).toBe(false));
    // The refused choice is no longer shown: the screen reads the show's own value again.
    expect(result.current.pending).toEqual({});
    expect(cached()).toMatchObject({ captions: true, audioSource: "voice" });
  });
});
