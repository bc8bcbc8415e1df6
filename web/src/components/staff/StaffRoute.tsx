import type { ComponentType } from "react";
import { Redirect, Route } from "wouter";
import { CenteredSpinner } from "../ui/spinner.tsx";
import { useAuth } from "../../api/auth-context.tsx";

/**
 * Staff pages: signed-out visitors go to sign-in; campers are told the page is not for them, and
 * counselors likewise for the director's pages (`admin`: the roster, the team).
 */
export function StaffRoute({ path, component: Component, admin = false }: { path: string; component: ComponentType; admin?: boolean }) {
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
      ) : admin && user.role !== "admin" ? (
        <div className="mx-auto max-w-xl px-4 py-16 text-center">
          <h1 className="text-2xl font-bold text-slate-900">For the camp director</h1>
          <p className="mt-2 text-lg text-slate-700">Only the camp director can use this page.</p>
        </div>
      ) : (
        <Component />
      )}
    </Route>
  );
}
