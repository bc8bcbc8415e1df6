import { useLayoutEffect, useRef, useState, type FormEvent } from "react";
import { Redirect, useLocation } from "wouter";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { errorMessage } from "../../api/client.ts";
import { useAuth } from "../../api/auth-context.tsx";
import { CardCodeForm } from "../../components/auth/CardCodeForm.tsx";
import { usePageTitle } from "../../hooks/use-page-title.ts";
import { useHydrated } from "../../hooks/use-hydrated.ts";
import { IdleSignOutNotice, forgetIdleSignOutNotice } from "../../components/auth/idle-notice.tsx";

type Mode = "login" | "register";

export function AuthPage() {
  const { user } = useAuth();
  const [location] = useLocation();
  usePageTitle(location === "/auth" ? "Sign in or create an account" : "Welcome");
  // Staff land on their review list; campers on the Create screen.
  if (user) {
    // Whoever signed in has seen the idle sign-out notice; it was about the camper before them.
    forgetIdleSignOutNotice();
    return <Redirect to={user.role !== "camper" ? "/staff" : "/home"} replace />;
  }

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-8 lg:grid-cols-2 lg:py-16">
      <Card className="w-full self-start">
        <CardHeader>
          <h1 className="text-2xl font-semibold leading-tight">Welcome back</h1>
          <CardDescription>Sign in (with your password or your camp sign-in card) or create an account to start your story.</CardDescription>
          <IdleSignOutNotice />
        </CardHeader>
        <CardContent>
          <Tabs defaultValue="login">
            {/* Three on a phone: the labels may wrap, each tab stays a 44 px target. */}
            <TabsList className="grid w-full grid-cols-3">
              <TabsTrigger value="login" className="min-h-11 whitespace-normal">
                Sign In
              </TabsTrigger>
              <TabsTrigger value="card" className="min-h-11 whitespace-normal">
                My Card
              </TabsTrigger>
              <TabsTrigger value="register" className="min-h-11 whitespace-normal">
                Create Account
              </TabsTrigger>
            </TabsList>
            <TabsContent value="login">
              <CredentialsForm mode="login" />
            </TabsContent>
            <TabsContent value="card">
              {/* A camp's sign-in card (decision 027b): the code printed under its QR code. */}
              <p className="mb-4 text-sm text-slate-800">Got a sign-in card from your counselor? Type the code on it.</p>
              <CardCodeForm />
            </TabsContent>
            <TabsContent value="register">
              <CredentialsForm mode="register" />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
      <BrandPanel />
    </div>
  );
}

function CredentialsForm({ mode }: { mode: Mode }) {
  const { loginMutation, registerMutation } = useAuth();
  const mutation = mode === "login" ? loginMutation : registerMutation;
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [formError, setFormError] = useState<string | null>(null);
  // The pre-rendered page shows the form before its code runs; a submit then would be the browser's own
  // (a GET with the password in the address), so the button waits for the code.
  const hydrated = useHydrated();
  // Typing (or a password manager) can fill the pre-rendered form before its code runs: React leaves that
  // text on screen but not in state, where the next render would wipe it. Take it in first.
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (usernameInput.current?.value) setUsername(usernameInput.current.value);
    if (passwordInput.current?.value) setPassword(passwordInput.current.value);
  }, []);
  const idPrefix = `${mode}-`;
  const errorId = `${idPrefix}error`;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    if (!username.trim() || !password) {
      setFormError("Please enter a username and a password.");
      return;
    }
    if (mode === "register") {
      // The contract (and zod with it) loads only when someone registers, keeping the first page light.
      const { registerBodySchema } = await import("../../../../contracts/auth.ts");
      const parsed = registerBodySchema.safeParse({ username, password });
      if (!parsed.success) {
        setFormError(parsed.error.issues.map((i) => i.message).join(". "));
        return;
      }
    }
    mutation.mutate({ username: username.trim(), password }, { onError: (err) => setFormError(errorMessage(err)) });
  }

  const pendingLabel = mode === "login" ? "Signing in..." : "Creating account...";
  const label = mode === "login" ? "Sign In" : "Create Account";

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4" aria-describedby={formError ? errorId : undefined}>
      <div className="grid gap-2">
        <Label htmlFor={`${idPrefix}username`}>Username</Label>
        <Input
          ref={usernameInput}
          id={`${idPrefix}username`}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          aria-invalid={formError ? true : undefined}
        />
        {mode === "register" && (
          <p className="text-xs text-slate-600">3-32 letters, digits, dots, dashes or underscores. No real names needed.</p>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${idPrefix}password`}>Password</Label>
        <Input
          ref={passwordInput}
          id={`${idPrefix}password`}
          name="password"
          type="password"
          autoComplete={mode === "login" ? "current-password" : "new-password"}
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={formError ? true : undefined}
        />
        {mode === "register" && <p className="text-xs text-slate-600">At least 8 characters. A few words you can remember work well.</p>}
      </div>
      {formError && (
        <p id={errorId} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {formError}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={!hydrated || mutation.isPending}>
        {mutation.isPending ? pendingLabel : label}
      </Button>
    </form>
  );
}

function BrandPanel() {
  return (
    <section
      aria-label="About Summer Stories"
      className="hidden flex-col justify-center gap-4 rounded-2xl bg-gradient-to-br from-lake-700 to-lake-900 p-10 text-white lg:flex"
    >
      <h2 className="text-4xl font-bold leading-tight">Reflect, Create and Share Your Story</h2>
      <p className="text-lg text-sky-100">
        Share your Summer Stories experience with your specific audience using AI, great BTS footage and your creative
        voice.
      </p>
    </section>
  );
}
