import { useId } from "react";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";

export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

interface Props {
  label: string;
  /** The picker's name, which must not contain `label` (Playwright's getByLabel matches substrings). */
  pickerLabel: string;
  /** What the director typed; may be unfinished ("#12a"). */
  value: string;
  onChange: (value: string) => void;
  /** The last whole colour, which the picker shows while the text is unfinished. */
  fallback: string;
  invalid: boolean;
  describedBy?: string;
}

/**
 * A colour as "#rrggbb" text (typed, read out, pasted from a brand guide) and a colour picker beside it
 * for the mouse; both change the same value.
 */
export function ColourField({ label, pickerLabel, value, onChange, fallback, invalid, describedBy }: Props) {
  const id = useId();
  const errorId = useId();
  const valid = HEX_COLOUR.test(value);
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={pickerLabel}
          value={(valid ? value : fallback).toLowerCase()}
          onChange={(e) => onChange(e.target.value)}
          className="size-11 shrink-0 cursor-pointer rounded-md border border-slate-400 bg-white p-1"
        />
        <Input
          id={id}
          value={value}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={invalid}
          aria-describedby={[invalid ? errorId : null, describedBy].filter(Boolean).join(" ") || undefined}
          onChange={(e) => onChange(e.target.value.trim())}
          className="w-32 font-mono"
        />
      </div>
      {invalid && (
        <p id={errorId} className="text-sm text-red-800">
          Write the colour as # and six hex digits, like #12355b.
        </p>
      )}
    </div>
  );
}
