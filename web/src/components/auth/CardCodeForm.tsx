import { useId, useLayoutEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/input.tsx";
import { Label } from "../ui/label.tsx";
import { errorMessage } from "../../api/client.ts";
import { useHydrated } from "../../hooks/use-hydrated.ts";
import { useAuth } from "../../api/auth-context.tsx";

interface CardCodeFormProps {
  /** A code to start from (the /card page's, read from the address's fragment). */
  initialCode?: string;
  /** Shown at once (the /card page's failed first try). */
  initialError?: string | null;
  onSignedIn?(): void;
}

/**
 * "Sign in with my card": one field for the code printed on a camper's sign-in card (decision 027b).
 * Any letter case, with or without the dash: the server tidies it. Part of the first download (the
 * sign-in page shows it), so it imports no contract and no zod.
 */
export function CardCodeForm({ initialCode = "", initialError = null, onSignedIn }: CardCodeFormProps) {
  const { codeLoginMutation } = useAuth();
  const [code, setCode] = useState(initialCode);
  const [formError, setFormError] = useState<string | null>(initialError);
  const hydrated = useHydrated();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // Typed before the page's code ran (pre-rendered form): keep it.
  useLayoutEffect(() => {
    if (input.current?.value && !initialCode) setCode(input.current.value);
  }, [initialCode]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    if (!code.trim()) {
      setFormError("Please type the code on your card.");
      input.current?.focus();
      return;
    }
    codeLoginMutation.mutate(
      { code: code.trim() },
      {
        onSuccess: () => onSignedIn?.(),
        onError: (err) => {
          setFormError(errorMessage(err));
          input.current?.focus();
        },
      },
    );
  }

  const errorId = `${id}-error`;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-code`}>Code on my card</Label>
        <Input
          ref={input}
          id={`${id}-code`}
          name="code"
          inputMode="text"
          autoCapitalize="characters"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          maxLength={20}
          placeholder="KQ7M-3XPR"
          className="h-14 font-mono text-2xl tracking-widest uppercase"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={formError ? true : undefined}
          aria-describedby={formError ? `${id}-hint ${errorId}` : `${id}-hint`}
        />
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          8 letters and numbers. Capital or small letters, with or without the dash.
        </p>
      </div>
      {formError && (
        <p id={errorId} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {formError}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={!hydrated || codeLoginMutation.isPending}>
        {codeLoginMutation.isPending ? "Signing in..." : "Sign in with my card"}
      </Button>
    </form>
  );
}
