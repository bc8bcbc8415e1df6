import { AlertCircle } from "lucide-react";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { usePageTitle } from "../../hooks/use-page-title.ts";

export function NotFoundPage() {
  usePageTitle("Page not found");
  return (
    <div className="flex w-full flex-1 items-center justify-center px-4 py-16">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex gap-2">
            <AlertCircle aria-hidden="true" className="size-8 text-red-800" />
            <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
          </div>
          <p className="mt-4 text-sm text-slate-600">Did you forget to add the page to the router?</p>
        </CardContent>
      </Card>
    </div>
  );
}
