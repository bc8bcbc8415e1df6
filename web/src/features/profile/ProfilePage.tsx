import { ArrowRight, Crown, Loader2, LogOut, Mic } from "lucide-react";
import { Link } from "wouter";
import { FREE_TIER_SHOW_LIMIT, PROFILE_RECENT_SHOWS } from "../../../../contracts/product.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { DeleteAccountCard } from "./DeleteAccountCard.tsx";
import { PasswordCard } from "./PasswordCard.tsx";
import { YourDataCard } from "./YourDataCard.tsx";
import { useAuth } from "../../api/auth-context.tsx";
import { planName } from "../../lib/plans.ts";
import { formatShowDate } from "../../lib/show-format.ts";
import { useRecentShows } from "../../api/shows-api.ts";
import { DraftBadge } from "../../components/shows/DraftBadge.tsx";
import { usePageTitle } from "../../hooks/use-page-title.ts";

function RecentShows() {
  const { data: shows, status, error } = useRecentShows(PROFILE_RECENT_SHOWS);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent shows</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {status === "pending" && (
          <div role="status" className="flex items-center gap-2 text-slate-700">
            <Loader2 aria-hidden="true" className="size-5 animate-spin text-brand-700" />
            <span>Loading shows...</span>
          </div>
        )}
        {status === "error" && (
          <p role="alert" className="text-red-800">
            {error.message}
          </p>
        )}
        {status === "success" && shows.length === 0 && (
          <div className="flex flex-col items-start gap-3">
            <p className="text-slate-700">You haven't saved any shows yet.</p>
            <Button asChild size="sm">
              <Link href="/home">Create your first story</Link>
            </Button>
          </div>
        )}
        {status === "success" && shows.length > 0 && (
          <ul className="divide-y divide-slate-200" aria-label="Recent shows">
            {shows.map((show) => (
              <li key={show.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
                <span className="flex min-w-0 items-center gap-2">
                  <Link
                    href={`/shows/${show.id}`}
                    className="inline-flex min-h-11 min-w-0 items-center break-words rounded-sm font-semibold text-lake-700 underline-offset-4 hover:underline"
                  >
                    {show.title}
                  </Link>
                  {show.isDraft && <DraftBadge />}
                </span>
                <time dateTime={show.createdAt} className="text-sm text-slate-600">
                  {formatShowDate(show.createdAt)}
                </time>
              </li>
            ))}
          </ul>
        )}
        <div>
          <Button asChild variant="outline" size="sm">
            <Link href="/shows">
              View all shows
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

export function ProfilePage() {
  const { user, logoutMutation } = useAuth();
  usePageTitle("Your profile");
  if (!user) return null;
  const limit = user.subscriptionTier === "free" ? String(FREE_TIER_SHOW_LIMIT) : "unlimited";
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8">
      <h1 className="text-3xl font-bold text-lake-900">Your profile</h1>
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Account</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
              <dt className="font-medium text-slate-600">Username</dt>
              <dd data-testid="profile-username" className="min-w-0 break-words">
                {user.username}
              </dd>
              <dt className="font-medium text-slate-600">Shows used</dt>
              <dd data-testid="profile-shows-used">
                {user.recordingsCount} of {limit}
              </dd>
            </dl>
            <div className="flex flex-wrap gap-2">
              <Button asChild variant="outline">
                <Link href="/voice-settings">
                  <Mic aria-hidden="true" />
                  Voice settings
                </Link>
              </Button>
              <Button variant="outline" onClick={() => logoutMutation.mutate()} disabled={logoutMutation.isPending}>
                <LogOut aria-hidden="true" />
                {logoutMutation.isPending ? "Signing out..." : "Sign Out"}
              </Button>
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Current plan</CardTitle>
            <CardDescription>Your plan decides how many shows you can keep.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <p className="flex items-center gap-2 text-2xl font-bold text-slate-900" data-testid="profile-plan">
              <Crown aria-hidden="true" className="size-6 text-brand-700" />
              {planName(user.subscriptionTier)}
            </p>
            <div>
              <Button asChild variant="secondary">
                <Link href="/pricing">
                  See plans
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            </div>
          </CardContent>
        </Card>
      </div>
      <RecentShows />
      <YourDataCard />
      <PasswordCard />
      <DeleteAccountCard />
    </div>
  );
}
