import { SHOW_MESSAGES, isPlaceholderNarration } from "../../../../contracts/shows-constants.ts";
import type { CreateShowBody, Show, UpdateShowBody } from "../../../../contracts/shows.ts";
import { ApiError } from "../../api/client.ts";
import { createShowRequest, updateShowRequest } from "../../api/shows-api.ts";
import type { CreateSettings } from "./create-settings.ts";
import { PROMPT_TEXTS, draftTitle, hasAnyAnswer, type Answers } from "./reflection-answers.ts";

/** Everything the Create screen holds for one story. */
export interface ShowDraft {
  answers: Answers;
  /** The narration box's text. */
  narration: string;
  /** The AI's last full narration (Reset to Original); "" before the AI wrote one. */
  original: string;
  /** The title box's text; blank means "derive one from the answers". */
  title: string;
  settings: CreateSettings;
}

/** The narration a show holds, with placeholder texts counting as none. */
export function writtenNarration(show: Pick<Show, "narration">): string {
  const text = show.narration ?? "";
  return isPlaceholderNarration(text) ? "" : text;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** The changes the server does not have yet, or null when it has everything. */
export function diffShowDraft(values: ShowDraft, show: Show): UpdateShowBody | null {
  const patch: UpdateShowBody = {};
  // Blank answers can't be saved (a show needs one); the server keeps the last ones until then.
  if (hasAnyAnswer(values.answers) && !sameList(values.answers, show.responses)) {
    patch.prompts = PROMPT_TEXTS;
    patch.responses = values.answers;
  }
  if (values.narration !== writtenNarration(show)) patch.narration = values.narration;
  if (values.original && values.original !== (show.originalNarration ?? "")) patch.originalNarration = values.original;
  const title = values.title.trim();
  if (title && title !== show.title) patch.title = title;
  if (values.settings.tone !== show.tone) patch.tone = values.settings.tone;
  if (values.settings.videoFormat !== show.videoFormat) patch.videoFormat = values.settings.videoFormat;
  if (values.settings.lengthSeconds !== show.lengthSeconds) patch.lengthSeconds = values.settings.lengthSeconds;
  return Object.keys(patch).length > 0 ? patch : null;
}

/**
 * A new story's show: its title (derived from the answers when blank), the given narration, the
 * answers and choices, and the device's draft key so a repeated create finds the show it made.
 */
export function newShowBody(
  values: ShowDraft,
  narration: string,
  extra: { isDraft: boolean; clipIds?: number[]; draftKey?: string },
): CreateShowBody {
  const { answers, original, title, settings } = values;
  const { draftKey, ...rest } = extra;
  return {
    title: title.trim() || draftTitle(answers),
    narration,
    ...(original ? { originalNarration: original } : {}),
    prompts: PROMPT_TEXTS,
    responses: answers,
    ...rest,
    ...(draftKey ? { draftKey } : {}),
    tone: settings.tone,
    videoFormat: settings.videoFormat,
    lengthSeconds: settings.lengthSeconds,
  };
}

/**
 * Create saves a new draft; Update saves the existing show. An update never overwrites a real
 * narration with the placeholder text. A remembered draft that was deleted elsewhere is created again.
 */
export async function saveShow(values: ShowDraft, existing: Show | undefined, automatic: boolean, draftKey?: string): Promise<Show> {
  const { answers, narration, original, title, settings } = values;
  const choices = { tone: settings.tone, videoFormat: settings.videoFormat, lengthSeconds: settings.lengthSeconds };
  const written = isPlaceholderNarration(narration) ? undefined : narration;
  const chosenTitle = title.trim() || undefined;
  if (existing) {
    try {
      return await updateShowRequest(existing.id, {
        prompts: PROMPT_TEXTS,
        responses: answers,
        ...(written !== undefined
          ? { narration: written }
          : writtenNarration(existing)
            ? {}
            : { narration: SHOW_MESSAGES.updatedNarration }),
        ...(original && original !== existing.originalNarration ? { originalNarration: original } : {}),
        ...(chosenTitle ? { title: chosenTitle } : {}),
        ...(automatic ? { isDraft: false } : {}),
        ...choices,
      });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  return createShowRequest(newShowBody(values, written ?? SHOW_MESSAGES.draftNarration, { isDraft: !automatic, draftKey }));
}
