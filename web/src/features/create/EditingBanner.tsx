import { ArrowLeft } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../../components/ui/button.tsx";

export function EditingBanner({ title, id }: { title: string; id: number }) {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl bg-brand-700 px-4 py-3 text-white" role="status">
      <p className="font-bold tracking-wide">EDITING MODE: {title}</p>
      <span className="rounded bg-orange-900/60 px-2 py-0.5 font-mono text-xs" data-testid="editing-id">
        id: {id}
      </span>
      <Button asChild variant="outline" size="sm" className="ml-auto border-white bg-transparent text-white hover:bg-brand-800">
        <Link href="/shows">
          <ArrowLeft aria-hidden="true" />
          Back to Shows
        </Link>
      </Button>
    </div>
  );
}
