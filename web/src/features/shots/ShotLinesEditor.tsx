import { useId, useState, type KeyboardEvent } from "react";
import { SHOT_LIMITS } from "../../../../contracts/shots-constants.ts";
import type { Shot } from "../../../../contracts/shots.ts";
import { Button } from "../../components/ui/button.tsx";
import { errorMessage } from "../../api/client.ts";

/**
 * A shot's lines in a text box. Saving edits the show's narration on the server (PATCH the shot's
 * text); the server's refusal is shown under the box, in its own words, and the box stays open.
 */
export function ShotLinesEditor({
  shot,
  save,
  onDone,
}: {
  shot: Shot;
  save: (text: string) => Promise<unknown>;
  /** Closes the editor (after a save, or Cancel). */
  onDone: (saved: boolean) => void;
}) {
  const [text, setText] = useState(shot.text);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { box: useId(), hint: useId(), error: useId() };

  async function submit() {
    if (saving) return;
    setSaving(true);
    setError(null);
    try {
      await save(text);
      onDone(true);
    } catch (caught) {
      setError(errorMessage(caught));
      setSaving(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Escape") {
      event.preventDefault();
      onDone(false);
    } else if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={ids.box} className="text-sm font-medium text-slate-800">
        Lines of shot {shot.number}
      </label>
      <textarea
        id={ids.box}
        value={text}
        rows={4}
        maxLength={SHOT_LIMITS.textMaxLength}
        // The camper asked to edit: the box is where they want to be.
        autoFocus
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
        aria-invalid={error ? true : undefined}
        className="w-full min-w-0 resize-y rounded-md border border-slate-400 bg-white p-3 text-base leading-relaxed text-slate-900"
      />
      <p id={ids.hint} className="text-sm text-slate-700">
        This changes your narration script too. Ctrl+Enter saves, Escape cancels.
      </p>
      {error && (
        <p id={ids.error} role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" busy={saving}>
          {saving ? "Saving..." : "Save lines"}
        </Button>
        <Button variant="outline" size="sm" onClick={() => onDone(false)} softDisabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
