import { Route, Switch } from "wouter";
import { AuthPage } from "../features/auth/AuthPage.tsx";
import { CreatePage } from "../features/create/CreatePage.tsx";
import { useAuth } from "../features/auth/auth-context.tsx";
import { LegalPage } from "../features/legal/LegalPage.tsx";
import { NotFoundPage } from "../features/pages/NotFoundPage.tsx";
import { ProfilePage } from "../features/profile/ProfilePage.tsx";
import { PricingPage } from "../features/pricing/PricingPage.tsx";
import { ShowDetailPage } from "../features/shows/ShowDetailPage.tsx";
import { ShowsPage } from "../features/shows/ShowsPage.tsx";
import { NarrationEditorPage } from "../features/narration-editor/NarrationEditorPage.tsx";
import { VoiceSettingsPage } from "../features/voice/VoiceSettingsPage.tsx";
import { CenteredSpinner } from "../components/ui/spinner.tsx";
import { ProtectedRoute } from "./ProtectedRoute.tsx";

/** Editing mode explains itself to signed-out visitors instead of redirecting them. */
function EditRoute() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <CenteredSpinner />;
  if (!user) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <p className="text-lg">Please log in to edit recordings.</p>
      </div>
    );
  }
  return <CreatePage />;
}

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/" component={AuthPage} />
      <Route path="/auth" component={AuthPage} />
      <ProtectedRoute path="/home" component={CreatePage} />
      <ProtectedRoute path="/record" component={CreatePage} />
      <Route path="/edit" component={EditRoute} />
      <ProtectedRoute path="/shows" component={ShowsPage} />
      <ProtectedRoute path="/shows/:id/narration" component={NarrationEditorPage} />
      <ProtectedRoute path="/shows/:id" component={ShowDetailPage} />
      <ProtectedRoute path="/profile" component={ProfilePage} />
      <ProtectedRoute path="/voice-settings" component={VoiceSettingsPage} />
      <Route path="/privacy">{() => <LegalPage page="privacy" />}</Route>
      <Route path="/terms">{() => <LegalPage page="terms" />}</Route>
      <Route path="/cookies">{() => <LegalPage page="cookies" />}</Route>
      <Route path="/pricing" component={PricingPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
