import { useEffect, useId, useState, type ReactNode } from "react";
import { Link } from "wouter";
import {
  LENGTH_SECONDS,
  NARRATION_TONES,
  VIDEO_FORMATS,
  type NarrationTone,
  type VideoFormatKey,
} from "../../../../contracts/product.ts";
import { Button } from "../../components/ui/button.tsx";
import { Label } from "../../components/ui/label.tsx";
import { maxLengthFor, typedLength, type CreateSettings } from "./create-settings.ts";

const selectClass =
  "min-h-11 w-full max-w-full rounded-md border border-slate-400 bg-white px-3 text-sm text-slate-900 disabled:opacity-50";

interface Props {
  settings: CreateSettings;
  onToneChange(tone: NarrationTone): void;
  onFormatChange(format: VideoFormatKey): void;
  onLengthChange(seconds: number): void;
  /** Extra actions at the end of the bar ('Continue to Editing' once clips exist). */
  actions?: ReactNode;
}

export function CreateTopBar({ settings, onToneChange, onFormatChange, onLengthChange, actions }: Props) {
  const ids = { length: useId(), lengthNumber: useId(), lengthNote: useId() };
  const max = maxLengthFor(settings.videoFormat);
  // The number box may hold a half-typed value; it becomes a valid length when the camper leaves it.
  const [typed, setTyped] = useState(String(settings.lengthSeconds));
  // Why a typed length changed (too short, too long for the format, part seconds): said beside the box.
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => setTyped(String(settings.lengthSeconds)), [settings.lengthSeconds]);

  function commitTyped() {
    const { seconds, note: why } = typedLength(typed, settings.videoFormat, formatLength);
    setNote(why);
    if (seconds === null) {
      setTyped(String(settings.lengthSeconds));
      return;
    }
    setTyped(String(seconds));
    if (seconds !== settings.lengthSeconds) onLengthChange(seconds);
  }

  return (
    <section aria-label="Story settings" className="flex flex-wrap items-end gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <SettingSelect
        label="Communication style"
        value={settings.tone}
        options={NARRATION_TONES.map((tone) => ({ key: tone.key, label: tone.label }))}
        onChange={onToneChange}
      />

      <div className="grid w-full min-w-0 flex-1 gap-1.5 sm:min-w-[14rem]">
        <Label htmlFor={ids.length}>Length: {formatLength(settings.lengthSeconds)}</Label>
        <div className="flex items-center gap-3">
          <input
            id={ids.length}
            type="range"
            min={LENGTH_SECONDS.min}
            max={max}
            step={LENGTH_SECONDS.step}
            value={settings.lengthSeconds}
            onChange={(e) => {
              setNote(null);
              onLengthChange(Number(e.target.value));
            }}
            aria-valuetext={formatLength(settings.lengthSeconds)}
            className="h-11 flex-1 accent-brand-700"
          />
          <label htmlFor={ids.lengthNumber} className="sr-only">
            Length in seconds
          </label>
          <input
            id={ids.lengthNumber}
            type="number"
            inputMode="numeric"
            min={LENGTH_SECONDS.min}
            max={max}
            step={1}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onBlur={commitTyped}
            onKeyDown={(e) => e.key === "Enter" && commitTyped()}
            aria-describedby={note ? ids.lengthNote : undefined}
            className="min-h-11 w-24 rounded-md border border-slate-400 bg-white px-2 text-sm"
          />
          <span className="text-sm text-slate-600" aria-hidden="true">
            s
          </span>
        </div>
        <p id={ids.lengthNote} role="status" data-testid="length-note" className="text-sm text-amber-900 empty:hidden">
          {note ?? ""}
        </p>
      </div>

      <SettingSelect
        label="Video format"
        value={settings.videoFormat}
        options={VIDEO_FORMATS.map((format) => ({
          key: format.key,
          label: `${format.label} (${format.aspectRatio === "16/9" ? "wide 16:9" : "tall 9:16"}, up to ${formatLength(format.maxDuration)})`,
        }))}
        onChange={onFormatChange}
      />

      <div className="flex flex-wrap items-center gap-2">
        <Button asChild variant="outline">
          <Link href="/shows">My Shows</Link>
        </Button>
        {actions}
      </div>
    </section>
  );
}

/** One of the bar's choices: a labelled list of `options`, the chosen one `value`. */
function SettingSelect<Key extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: Key;
  options: readonly { key: Key; label: string }[];
  onChange(key: Key): void;
}) {
  const id = useId();
  return (
    <div className="grid w-full min-w-0 gap-1.5 sm:w-auto">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} className={selectClass} value={value} onChange={(e) => onChange(e.target.value as Key)}>
        {options.map((option) => (
          <option key={option.key} value={option.key}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function formatLength(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  if (m === 0) return `${s} s`;
  return s === 0 ? `${m} min` : `${m} min ${s} s`;
}
