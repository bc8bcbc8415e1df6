import { Check, Lock } from "lucide-react";
import { Link } from "wouter";
import type { PublicUser } from "../../../../contracts/auth.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { toast } from "../../lib/toasts.ts";
import { cn } from "../../lib/utils.ts";
import { useAuth } from "../../api/auth-context.tsx";
import { PLANS, type Plan } from "../../lib/plans.ts";
import { usePageTitle } from "../../hooks/use-page-title.ts";

function showComingSoon() {
  toast({ title: "Coming Soon", description: "Payment processing will be available soon" });
}

function PlanAction({ plan, user, isLoading }: { plan: Plan; user: PublicUser | null; isLoading: boolean }) {
  const label = plan.tier === "free" ? "Get started" : `Choose ${plan.name}`;
  if (isLoading) {
    return (
      <Button className="w-full" disabled>
        {label}
      </Button>
    );
  }
  if (!user) {
    return (
      <Button asChild className="w-full" variant={plan.featured ? "default" : "outline"}>
        <Link href="/auth">{label}</Link>
      </Button>
    );
  }
  if (user.subscriptionTier === plan.tier) {
    return (
      <Button className="w-full" variant="outline" disabled>
        Current Plan
      </Button>
    );
  }
  return (
    <Button className="w-full" variant={plan.featured ? "default" : "outline"} onClick={showComingSoon}>
      {label}
    </Button>
  );
}

function PlanCard({ plan, user, isLoading }: { plan: Plan; user: PublicUser | null; isLoading: boolean }) {
  const isCurrent = user?.subscriptionTier === plan.tier;
  return (
    <li className="flex">
      <Card
        className={cn("flex w-full flex-col", plan.featured && "border-2 border-brand-700", isCurrent && "ring-2 ring-lake-700")}
      >
        <CardHeader>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CardTitle>{plan.name}</CardTitle>
            {isCurrent ? (
              <span className="rounded-full bg-lake-700 px-2 py-0.5 text-xs font-semibold text-white">Your plan</span>
            ) : (
              plan.featured && (
                <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                  Popular with teams
                </span>
              )
            )}
          </div>
          <p className="mt-2">
            <span className="text-3xl font-bold text-slate-900">{plan.price}</span>{" "}
            <span className="text-sm text-slate-600">{plan.priceUnit}</span>
          </p>
          <CardDescription>{plan.description}</CardDescription>
        </CardHeader>
        <CardContent className="flex-1">
          <ul className="grid gap-2" aria-label={`${plan.name} plan includes`}>
            {plan.features.map((feature) => (
              <li key={feature} className="flex items-start gap-2 text-sm text-slate-800">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-lake-700" />
                {feature}
              </li>
            ))}
          </ul>
        </CardContent>
        <CardFooter>
          <PlanAction plan={plan} user={user} isLoading={isLoading} />
        </CardFooter>
      </Card>
    </li>
  );
}

export function PricingPage() {
  const { user, isLoading } = useAuth();
  usePageTitle("Plans");
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8">
      {!isLoading && !user && (
        <div
          role="note"
          aria-labelledby="pricing-auth-title"
          className="flex items-start gap-3 rounded-lg border border-lake-700 bg-lake-50 p-4 text-slate-900"
        >
          <Lock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-lake-700" />
          <div className="grid gap-1">
            <p id="pricing-auth-title" className="font-semibold">
              Authentication required
            </p>
            <p className="text-sm text-slate-700">Please sign in to view subscription options</p>
            <p className="text-sm">
              <Link href="/auth" className="inline-flex min-h-11 items-center font-semibold text-lake-700 underline underline-offset-2">
                Sign in or create an account
              </Link>
            </p>
          </div>
        </div>
      )}
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold text-lake-900">Plans</h1>
        <p className="text-slate-700">Start free. Groups and events can choose more when payment opens.</p>
      </div>
      <ul className="grid gap-4 md:grid-cols-3" aria-label="Plans">
        {PLANS.map((plan) => (
          <PlanCard key={plan.tier} plan={plan} user={user} isLoading={isLoading} />
        ))}
      </ul>
    </div>
  );
}
