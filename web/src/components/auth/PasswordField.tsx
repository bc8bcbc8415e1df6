import { useId } from "react";
import { Input } from "../ui/input.tsx";
import { Label } from "../ui/label.tsx";

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** What is wrong with this field, read out when it appears and tied to the field. */
  error?: string | null;
  /** A rule shown under the field, also tied to it. */
  hint?: string;
  autoComplete?: "current-password" | "new-password";
}

/** One password field with its label, its hint and its own error, as every password form here has them. */
export function PasswordField({ label, value, onChange, error, hint, autoComplete = "current-password" }: PasswordFieldProps) {
  const ids = { input: useId(), hint: useId(), error: useId() };
  const describedBy = [hint ? ids.hint : null, error ? ids.error : null].filter(Boolean).join(" ");
  return (
    <div className="grid gap-2">
      <Label htmlFor={ids.input}>{label}</Label>
      <Input
        id={ids.input}
        type="password"
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint && (
        <p id={ids.hint} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={ids.error} role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
