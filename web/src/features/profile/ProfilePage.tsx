import { LogOut } from "lucide-react";
import { FREE_TIER_SHOW_LIMIT } from "../../../../contracts/product.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { useAuth } from "../auth/auth-context.tsx";

export function ProfilePage() {
  const { user, logoutMutation } = useAuth();
  if (!user) return null;
  const limit = user.subscriptionTier === "free" ? String(FREE_TIER_SHOW_LIMIT) : "unlimited";
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8">
      <h1 className="text-3xl font-bold text-lake-900">Your profile</h1>
      <Card>
        <CardHeader>
          <CardTitle>Account</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
            <dt className="font-medium text-slate-600">Username</dt>
            <dd data-testid="profile-username">{user.username}</dd>
            <dt className="font-medium text-slate-600">Shows used</dt>
            <dd data-testid="profile-shows-used">
              {user.recordingsCount} of {limit}
            </dd>
          </dl>
          <div>
            <Button variant="outline" onClick={() => logoutMutation.mutate()} disabled={logoutMutation.isPending}>
              <LogOut aria-hidden="true" />
              {logoutMutation.isPending ? "Signing out..." : "Sign Out"}
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
