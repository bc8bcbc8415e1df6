import { AudioLines, Mic } from "lucide-react";
import { useId } from "react";
import { cn } from "../../lib/utils.ts";
import type { AudioSource } from "./types.ts";

const AUDIO_OPTIONS: { value: AudioSource; label: string; description: string; Icon: typeof Mic }[] = [
  { value: "original", label: "Original Audio", description: "The sound recorded with your clips.", Icon: Mic },
  {
    value: "voice",
    label: "AI voice",
    description: "A built-in AI voice (not your own voice) reads your narration script over the clips.",
    Icon: AudioLines,
  },
];

/** Original Audio or an AI voice: the sound of the final video, as radio cards. */
export function AudioSourceField({
  showId,
  value: current,
  onChange,
}: {
  showId: number;
  value: AudioSource;
  onChange: (value: AudioSource) => void;
}) {
  const legendId = useId();
  return (
    <fieldset role="radiogroup" aria-labelledby={legendId} className="grid min-w-0 gap-3">
      <legend id={legendId} className="mb-2 text-sm font-medium text-slate-800">
        Audio source
      </legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {AUDIO_OPTIONS.map(({ value, label, description, Icon }) => {
          const checked = current === value;
          const optionId = `${legendId}-${value}`;
          return (
            <label
              key={value}
              htmlFor={optionId}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-lg border-2 p-3",
                checked ? "border-lake-700 bg-lake-50" : "border-slate-300 bg-white hover:border-slate-400",
              )}
            >
              <input
                id={optionId}
                type="radio"
                name={`audio-source-${showId}`}
                value={value}
                checked={checked}
                onChange={() => onChange(value)}
                aria-labelledby={`${optionId}-label`}
                aria-describedby={`${optionId}-description`}
                className="mt-1 size-4 shrink-0 accent-lake-700"
              />
              <span className="grid gap-0.5">
                <span id={`${optionId}-label`} className="flex items-center gap-1.5 font-semibold text-slate-900">
                  <Icon aria-hidden="true" className="size-4" />
                  {label}
                </span>
                <span id={`${optionId}-description`} className="text-sm text-slate-700">
                  {description}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
