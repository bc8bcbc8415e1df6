import { Button } from "../components/ui/button.tsx";

/** Said in a page's place when its code could not be fetched: the page's heading, and what to do. */
export const PAGE_UNAVAILABLE = { title: "This page could not open", detail: "The connection dropped. Check the Wi-Fi and try again." };
/** Said in the assistant's corner when its code could not be fetched. */
export const ASSISTANT_UNAVAILABLE = "The assistant could not open: the connection dropped. Check the Wi-Fi and try again.";

/**
 * In place of a page whose code did not arrive (camp Wi-Fi dropped mid-download): the rest of the app
 * stays, and Try again fetches it once more. Standing in for a page it has the page's one heading;
 * given a `message`, it is a note in a corner of the screen instead (the assistant).
 */
export function PageUnavailable({ onRetry, message, className }: { onRetry: () => void; message?: string; className?: string }) {
  return (
    <div role="alert" className={`grid gap-3 text-slate-900 ${className ?? "mx-auto w-full max-w-xl px-4 py-8"}`}>
      {message ? (
        <p>{message}</p>
      ) : (
        <>
          <h1 className="text-2xl font-bold text-lake-900">{PAGE_UNAVAILABLE.title}</h1>
          <p>{PAGE_UNAVAILABLE.detail}</p>
        </>
      )}
      <Button type="button" className="min-h-11 justify-self-start" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
