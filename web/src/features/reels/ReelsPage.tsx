import { useId, useState } from "react";
import { Link } from "wouter";
import { SHARE_DAYS, type ShareDays } from "../../../../contracts/shares-constants.ts";
import type { Reel } from "../../../../contracts/reels.ts";
import { usePageTitle } from "../../hooks/use-page-title.ts";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { errorMessage } from "../../api/client.ts";
import { formatShowDateTime } from "../../lib/show-format.ts";
import { StaffNav } from "../../components/staff/StaffNav.tsx";
import { formatLength } from "./ReelPicker.tsx";
import { cabinZipUrl, useDeleteReel, useReelShares, useReels, useRevokeReelShare, useShareReel } from "../../api/reels-api.ts";

const STATUS_WORDS: Record<Reel["status"], string> = {
  queued: "Waiting to be made",
  running: "Being made",
  done: "Ready",
  failed: "Could not be made",
};

/** /staff/reels: the cabin reels staff reach, their progress, and for a finished one play, download and share. */
export function ReelsPage() {
  usePageTitle("Cabin reels");
  const { data: reels, error, isPending } = useReels();
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8">
      <header className="grid gap-3">
        <h1 className="text-3xl font-bold text-lake-900">Cabin reels</h1>
        <StaffNav />
      </header>
      <div>
        <Button asChild variant="secondary" className="min-h-11">
          <Link href="/staff/reels/new">New reel</Link>
        </Button>
      </div>
      {error && <p role="alert" className="text-red-800">{errorMessage(error)}</p>}
      {isPending && <Spinner label="Loading reels" />}
      {reels && reels.length === 0 && <p className="text-slate-800">No reels yet. Make one from your cabin's approved videos.</p>}
      {reels && reels.length > 0 && (
        <ul className="grid gap-4" aria-label="Reels">
          {reels.map((reel) => (
            <ReelCard key={reel.id} reel={reel} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ReelCard({ reel }: { reel: Reel }) {
  const remove = useDeleteReel();
  const headingId = useId();
  const group = reel.cabinName ? `${reel.cabinName} cabin` : reel.sessionName ? `Session: ${reel.sessionName}` : null;
  const working = reel.status === "queued" || reel.status === "running";
  return (
    <li aria-labelledby={headingId} className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold text-slate-900">
          {reel.title}
        </h2>
        <p className="text-slate-800">
          {[group, `${reel.items.length} video${reel.items.length === 1 ? "" : "s"}`, reel.durationSeconds !== null ? formatLength(reel.durationSeconds) : null]
            .filter(Boolean)
            .join(" · ")}
        </p>
      </div>
      <p className="text-sm text-slate-800">
        Made by {reel.createdBy ?? "a former staff member"} on <time dateTime={reel.createdAt}>{formatShowDateTime(reel.createdAt)}</time>
      </p>
      <p className="font-semibold text-slate-900" aria-live="polite">
        {STATUS_WORDS[reel.status]}
        {reel.status === "running" && ` (${reel.progress}%)`}
      </p>
      {working && (
        <div role="progressbar" aria-label={`${reel.title} progress`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={reel.progress} className="h-3 w-full overflow-hidden rounded-full bg-slate-200">
          <div className="h-full bg-lake-700" style={{ width: `${reel.progress}%` }} />
        </div>
      )}
      {reel.status === "failed" && reel.message && <p className="text-red-800">{reel.message}</p>}
      {reel.status === "done" && reel.mediaUrl && (
        <>
          <video controls playsInline preload="metadata" src={reel.mediaUrl} className="max-h-[60vh] w-full rounded-md bg-slate-900" aria-label={`${reel.title} reel`}>
            {reel.captionsUrl && <track kind="captions" src={reel.captionsUrl} srcLang="en" label="English" default />}
          </video>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="secondary" className="min-h-11">
              <a href={reel.downloadUrl!} download>
                Download .mp4
              </a>
            </Button>
            {reel.cabinId !== null && (
              <Button asChild variant="outline" className="min-h-11">
                <a href={cabinZipUrl(reel.cabinId)} download>
                  Download all approved (zip)
                </a>
              </Button>
            )}
          </div>
          <ReelShares reel={reel} />
        </>
      )}
      <div>
        <ConfirmDialog
          trigger={
            <Button variant="outline" className="min-h-11">
              Delete reel
            </Button>
          }
          title={`Delete "${reel.title}"?`}
          description="The reel's video and its share links end. The campers' own videos stay."
          confirmLabel="Delete reel"
          pendingLabel="Deleting…"
          onConfirm={() => remove.mutateAsync(reel.id)}
        />
      </div>
    </li>
  );
}

function ReelShares({ reel }: { reel: Reel }) {
  const [open, setOpen] = useState(false);
  const shares = useReelShares(reel.id, open);
  const share = useShareReel(reel.id);
  const revoke = useRevokeReelShare(reel.id);
  const [days, setDays] = useState<ShareDays>(7);
  const daysId = useId();
  const made = share.data ? `${window.location.origin}${share.data.path}` : null;
  if (!open) {
    return (
      <div>
        <Button variant="outline" className="min-h-11" onClick={() => setOpen(true)}>
          Share links…
        </Button>
      </div>
    );
  }
  return (
    <section aria-label={`Share links of ${reel.title}`} className="grid gap-3 rounded-md border border-slate-200 p-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor={daysId}>Link works for</Label>
          <select id={daysId} value={days} onChange={(e) => setDays(Number(e.target.value) as ShareDays)} className="min-h-11 rounded-md border border-slate-500 bg-white px-3 text-base text-slate-900">
            {SHARE_DAYS.map((d) => (
              <option key={d} value={d}>
                {d} day{d === 1 ? "" : "s"}
              </option>
            ))}
          </select>
        </div>
        <Button variant="secondary" className="min-h-11" disabled={share.isPending} onClick={() => share.mutate(days)}>
          Make share link
        </Button>
      </div>
      {share.error && <p role="alert" className="text-red-800">{errorMessage(share.error)}</p>}
      {made && (
        <p className="break-all text-slate-900" role="status">
          New link (shown once): <a className="font-semibold text-lake-700 underline" href={made}>{made}</a>
        </p>
      )}
      {shares.data && shares.data.links.length > 0 && (
        <ul className="grid gap-2">
          {shares.data.links.map((link) => (
            <li key={link.id} className="flex flex-wrap items-center gap-3 text-slate-900">
              <span>
                Link {link.id}: {link.state}, {link.views} view{link.views === 1 ? "" : "s"}, until{" "}
                <time dateTime={link.expiresAt}>{formatShowDateTime(link.expiresAt)}</time>
              </span>
              {link.state === "active" && (
                <Button variant="outline" size="sm" className="min-h-11" disabled={revoke.isPending} onClick={() => revoke.mutate(link.id)}>
                  Turn off link {link.id}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
