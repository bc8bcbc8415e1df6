import type { ComponentType } from "react";
import { Redirect, Route } from "wouter";
import { CenteredSpinner } from "../../components/ui/spinner.tsx";
import { useAuth } from "../auth/auth-context.tsx";

/** Staff pages: signed-out visitors go to sign-in; campers are told the page is not for them. */
export function StaffRoute({ path, component: Component }: { path: string; component: ComponentType }) {
  const { user, isLoading } = useAuth();
  return (
    <Route path={path}>
      {isLoading ? (
        <CenteredSpinner />
      ) : !user ? (
        <Redirect to="/" replace />
      ) : user.role === "camper" ? (
        <div className="mx-auto max-w-xl px-4 py-16 text-center">
          <h1 className="text-2xl font-bold text-slate-900">For camp staff</h1>
          <p className="mt-2 text-lg text-slate-700">This page is for camp staff only.</p>
        </div>
      ) : (
        <Component />
      )}
    </Route>
  );
}
