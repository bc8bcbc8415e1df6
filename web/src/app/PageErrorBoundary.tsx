import { Component, type ReactNode } from "react";
import { useLocation } from "wouter";
import { Button } from "../components/ui/button.tsx";

/** Said in a page's place when it failed to draw (a bug of ours, not the camper's doing). */
export const PAGE_BROKE = { title: "Something went wrong on this page", detail: "Reload it to carry on; what the server saved is kept." };

class Boundary extends Component<{ children: ReactNode }, { broke: boolean }> {
  override state = { broke: false };

  static getDerivedStateFromError() {
    return { broke: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    if (!this.state.broke) return this.props.children;
    return (
      <div role="alert" className="mx-auto grid w-full max-w-xl gap-3 px-4 py-8 text-slate-900">
        <h1 className="text-2xl font-bold text-lake-900">{PAGE_BROKE.title}</h1>
        <p>{PAGE_BROKE.detail}</p>
        <Button type="button" className="min-h-11 justify-self-start" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </div>
    );
  }
}

/**
 * A page that throws while drawing takes only itself down: the header and its links stay, and going to
 * another page draws that one afresh (the boundary is keyed by the path).
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  return <Boundary key={path}>{children}</Boundary>;
}
