import { History, Pencil } from "lucide-react";
import { useId, type KeyboardEvent, type Ref } from "react";
import { SHOW_LIMITS } from "../../../../contracts/shows-constants.ts";
import { validTitle } from "./narration-draft.ts";
import { SaveIndicator } from "./SaveIndicator.tsx";
import type { Autosave } from "./use-autosave.ts";

export const TITLE_HINT = "Click to edit title";

/**
 * The screen's heading: the show's title, edited in place and saved on Enter or blur (a blank title
 * is never saved: the saved one comes back), with the save status under it.
 */
export function TitleHeader({
  autosave,
  titleRef,
  note,
}: {
  autosave: Pick<Autosave, "fields" | "setField" | "flush" | "status" | "failure" | "restored" | "saved">;
  titleRef: Ref<HTMLInputElement>;
  /** The note of a "Fix it" that selected words in the title. */
  note: string | null;
}) {
  const { fields, setField, flush, status, failure, restored, saved } = autosave;
  const ids = { title: useId(), titleHint: useId(), titleError: useId() };
  const titleInvalid = validTitle(fields.title) === null;

  const onTitleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      void flush();
    } else if (event.key === "Escape" && titleInvalid) {
      setField("title", saved.title);
    }
  };

  const onTitleBlur = () => {
    // A blank title can't be saved: put the saved one back rather than leave the show nameless.
    if (titleInvalid) setField("title", saved.title);
    void flush();
  };

  return (
    <header className="grid min-w-0 gap-2">
      <h1 className="text-sm font-semibold uppercase tracking-wide text-brand-800">Edit narration &amp; voice</h1>
      <label htmlFor={ids.title} className="sr-only">
        Show title
      </label>
      <input
        id={ids.title}
        ref={titleRef}
        data-testid="title-input"
        type="text"
        value={fields.title}
        maxLength={SHOW_LIMITS.titleMaxLength}
        onChange={(event) => setField("title", event.target.value)}
        onBlur={onTitleBlur}
        onKeyDown={onTitleKeyDown}
        aria-describedby={titleInvalid ? `${ids.titleHint} ${ids.titleError}` : ids.titleHint}
        aria-invalid={titleInvalid || undefined}
        className="w-full min-w-0 truncate rounded-md border-2 border-transparent bg-transparent px-2 py-1 text-3xl font-bold text-lake-900 hover:border-slate-300 focus:border-lake-600 focus:bg-white sm:text-4xl"
      />
      <p id={ids.titleHint} className="flex items-center gap-1.5 px-2 text-sm text-slate-600">
        <Pencil aria-hidden="true" className="size-3.5" />
        {TITLE_HINT}
      </p>
      {note !== null && <p role="status" className="px-2 text-sm font-medium text-slate-900">{note}</p>}
      {titleInvalid && (
        <p id={ids.titleError} role="alert" className="px-2 text-sm font-medium text-red-800">
          Title can't be empty
        </p>
      )}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 px-2">
        <SaveIndicator status={status} failure={failure} />
        {restored && (
          <p data-testid="restored-note" className="flex items-center gap-1.5 text-sm text-slate-700">
            <History aria-hidden="true" className="size-4" />
            We brought back changes you hadn't saved yet.
          </p>
        )}
      </div>
    </header>
  );
}
