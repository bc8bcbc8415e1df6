import { Suspense } from "react";
import { Route, Switch } from "wouter";
import { AuthPage } from "../features/auth/AuthPage.tsx";
import { SignInToEdit } from "../features/create/SignInToEdit.tsx";
import { useAuth } from "../api/auth-context.tsx";
import { CenteredSpinner } from "../components/ui/spinner.tsx";
import { pages } from "./pages.ts";
import { ProtectedRoute } from "./ProtectedRoute.tsx";
import { StaffRoute } from "../components/staff/StaffRoute.tsx";

const {
  CreatePage,
  ShowsPage,
  ShowDetailPage,
  NarrationEditorPage,
  ShotsPage,
  ProfilePage,
  VoiceSettingsPage,
  LegalPage,
  PricingPage,
  NotFoundPage,
  StaffBoardPage,
  StaffShowsPage,
  StaffShowPage,
  StaffAuditPage,
  CardSignInPage,
  CabinCardsPage,
  RosterPage: StaffRosterPage,
  TeamPage: StaffTeamPage,
  ReelsPage,
  NewReelPage,
} = pages;

/** Editing mode explains itself to signed-out visitors instead of redirecting them. */
function EditRoute() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <CenteredSpinner />;
  if (!user) return <SignInToEdit />;
  return <CreatePage />;
}

export function AppRoutes() {
  // The sign-in page is in the first download (it is the first thing most campers see); the rest load on
  // first use behind the same spinner the route guard shows.
  return (
    <Suspense fallback={<CenteredSpinner />}>
      <Switch>
        <Route path="/" component={AuthPage} />
        <Route path="/auth" component={AuthPage} />
        <ProtectedRoute path="/home" component={CreatePage} />
        <ProtectedRoute path="/record" component={CreatePage} />
        <Route path="/edit" component={EditRoute} />
        <ProtectedRoute path="/shows" component={ShowsPage} />
        <ProtectedRoute path="/shows/:id/narration" component={NarrationEditorPage} />
        <ProtectedRoute path="/shows/:id/shots" component={ShotsPage} />
        <ProtectedRoute path="/shows/:id" component={ShowDetailPage} />
        <ProtectedRoute path="/profile" component={ProfilePage} />
        <ProtectedRoute path="/voice-settings" component={VoiceSettingsPage} />
        <StaffRoute path="/staff" component={StaffBoardPage} />
        <StaffRoute path="/staff/shows" component={StaffShowsPage} />
        <StaffRoute path="/staff/shows/:id" component={StaffShowPage} />
        <StaffRoute path="/staff/audit" component={StaffAuditPage} />
        <StaffRoute path="/staff/cabins/:id/cards" component={CabinCardsPage} />
        <StaffRoute path="/staff/roster" component={StaffRosterPage} admin />
        <StaffRoute path="/staff/team" component={StaffTeamPage} admin />
        <StaffRoute path="/staff/reels" component={ReelsPage} />
        <StaffRoute path="/staff/reels/new" component={NewReelPage} />
        <Route path="/privacy">{() => <LegalPage page="privacy" />}</Route>
        <Route path="/terms">{() => <LegalPage page="terms" />}</Route>
        <Route path="/cookies">{() => <LegalPage page="cookies" />}</Route>
        <Route path="/pricing" component={PricingPage} />
        <Route path="/card" component={CardSignInPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
