import { Construction } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card.tsx";

/** A page whose feature is not built yet: says so plainly inside the real shell. */
export function PlaceholderPage({ title, description }: { title: string; description: string }) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10">
      <Card>
        <CardHeader>
          <div className="flex items-center gap-2">
            <Construction aria-hidden="true" className="size-6 text-brand-600" />
            <h1 className="text-2xl font-semibold">{title}</h1>
          </div>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-slate-700">This part of Summer Stories is on its way.</p>
        </CardContent>
      </Card>
    </div>
  );
}
