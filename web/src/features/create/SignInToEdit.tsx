import { Link } from "wouter";
import { usePageTitle } from "../../hooks/use-page-title.ts";
import { Button } from "../../components/ui/button.tsx";

/** Editing mode explains itself to signed-out visitors instead of redirecting them. */
export function SignInToEdit() {
  usePageTitle("Edit a story");
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-lake-900">Edit a story</h1>
      <p className="mt-2 text-lg">Please log in to edit recordings.</p>
      <Button asChild variant="link" className="mt-2">
        <Link href="/auth">Sign in</Link>
      </Button>
    </div>
  );
}
