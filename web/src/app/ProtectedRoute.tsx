import type { ComponentType } from "react";
import { Redirect, Route } from "wouter";
import { CenteredSpinner } from "../components/ui/spinner.tsx";
import { useAuth } from "../api/auth-context.tsx";

/** The signed-in pages' guard: a centred spinner while the user loads, then the page or a redirect to /. */
export function ProtectedRoute({ path, component: Component }: { path: string; component: ComponentType }) {
  const { user, isLoading } = useAuth();
  return (
    <Route path={path}>
      {isLoading ? <CenteredSpinner /> : user ? <Component /> : <Redirect to="/" replace />}
    </Route>
  );
}
