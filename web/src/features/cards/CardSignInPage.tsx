import { useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card.tsx";
import { LoadingStatus } from "../../components/ui/spinner.tsx";
import { errorMessage } from "../../api/client.ts";
import { usePageTitle } from "../../hooks/use-page-title.ts";
import { useAuth } from "../../api/auth-context.tsx";
import { CardCodeForm } from "../../components/auth/CardCodeForm.tsx";

/**
 * The code a card's QR code carries, from the address's fragment (/card#KQ7M-3XPR). A fragment never
 * travels to the server, so the code is in no request line, log or proxy. Only read here: rendering may
 * run more than once before the page shows, so the fragment is taken off the address in the effect.
 */
function codeInAddress(): string {
  if (typeof window === "undefined") return "";
  const raw = window.location.hash.replace(/^#/, "");
  try {
    return decodeURIComponent(raw).trim();
  } catch {
    return raw.trim();
  }
}

/** Off the address at once, so the code stays in neither the tablet's history nor its address bar. */
function forgetCodeInAddress() {
  if (window.location.hash) window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
}

/** /card: where a sign-in card's QR code opens. Signs the camper in with its code and lands on /home. */
export function CardSignInPage() {
  usePageTitle("Sign in with my card");
  const [, navigate] = useLocation();
  const { codeLoginMutation } = useAuth();
  const [code] = useState(codeInAddress);
  const [trying, setTrying] = useState(code !== "");
  const [firstError, setFirstError] = useState<string | null>(null);
  const started = useRef(false);
  const goHome = () => navigate("/home", { replace: true });

  useEffect(() => {
    forgetCodeInAddress();
    // Once, even when React runs effects twice in development.
    if (!code || started.current) return;
    started.current = true;
    codeLoginMutation.mutate(
      { code },
      {
        onSuccess: goHome,
        onError: (err) => {
          setFirstError(errorMessage(err));
          setTrying(false);
        },
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the code from the address is tried once, on arrival
  }, []);

  if (trying) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <LoadingStatus>Signing you in...</LoadingStatus>
      </div>
    );
  }
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold leading-tight">Sign in with my card</h1>
          <CardDescription>Type the code printed on your sign-in card.</CardDescription>
        </CardHeader>
        <CardContent>
          <CardCodeForm initialCode={code} initialError={firstError} onSignedIn={goHome} />
        </CardContent>
      </Card>
    </div>
  );
}
