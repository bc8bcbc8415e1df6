import { useId, useState } from "react";
import { useLocation } from "wouter";
import { VIDEO_FORMATS, type VideoFormatKey } from "../../../../contracts/product.ts";
import { REEL_LIMITS, REEL_TITLE_SECONDS } from "../../../../contracts/reels-constants.ts";
import { usePageTitle } from "../../hooks/use-page-title.ts";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { errorMessage } from "../../api/client.ts";
import { StaffNav } from "../../components/staff/StaffNav.tsx";
import { ReelPicker, formatLength } from "./ReelPicker.tsx";
import { cabinZipUrl, groupQuery, useMakeReel, useReelCandidates, useReelChoices, type GroupKey } from "../../api/reels-api.ts";

const selectClass = "min-h-11 w-full max-w-full rounded-md border border-slate-500 bg-white px-3 text-base text-slate-900";

/** /staff/reels/new: choose a cabin or session, tick and order approved videos, set the length and format, make the reel. */
export function NewReelPage() {
  usePageTitle("New cabin reel");
  const [, navigate] = useLocation();
  const ids = { group: useId(), title: useId(), max: useId(), format: useId(), captions: useId() };
  const choices = useReelChoices();
  const [group, setGroup] = useState<GroupKey | "">("");
  const candidates = useReelCandidates(group);
  const [chosen, setChosen] = useState<number[]>([]);
  const [title, setTitle] = useState("");
  const [maxSeconds, setMaxSeconds] = useState("");
  const [format, setFormat] = useState<VideoFormatKey>("youtube");
  const [captions, setCaptions] = useState(true);
  const make = useMakeReel();

  const max = maxSeconds.trim() === "" ? null : Number(maxSeconds);
  const parts = chosen.flatMap((id) => candidates.data?.find((c) => c.showId === id) ?? []);
  const estimate = REEL_TITLE_SECONDS + parts.reduce((sum, c) => sum + Math.min(c.durationSeconds, max ?? Infinity), 0);
  const cabinId = group.startsWith("cabin:") ? groupQuery(group as GroupKey).cabinId : undefined;

  function chooseGroup(next: GroupKey | "") {
    setGroup(next);
    setChosen([]);
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!group || chosen.length === 0) return;
    const reel = await make
      .mutateAsync({
        ...groupQuery(group),
        title: title.trim() || undefined,
        format,
        captions,
        maxSecondsPerCamper: max,
        items: chosen.map((showId) => ({ showId })),
      })
      .catch(() => null);
    if (reel) navigate(`/staff/reels?made=${reel.id}`);
  }

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8">
      <header className="grid gap-3">
        <h1 className="text-3xl font-bold text-lake-900">New cabin reel</h1>
        <StaffNav />
      </header>
      {choices.error && <p role="alert" className="text-red-800">{errorMessage(choices.error)}</p>}
      {choices.isPending && <Spinner label="Loading your cabins" />}
      <form onSubmit={submit} className="grid gap-6">
        <div className="flex flex-wrap items-end gap-4">
          <div className="grid min-w-0 max-w-full gap-1">
            <Label htmlFor={ids.group}>Cabin or session</Label>
            <select id={ids.group} value={group} onChange={(e) => chooseGroup(e.target.value as GroupKey | "")} className={selectClass}>
              <option value="">Choose…</option>
              {choices.data?.cabins.map((c) => (
                <option key={`c${c.id}`} value={`cabin:${c.id}`}>
                  {c.name} cabin
                </option>
              ))}
              {choices.data?.sessions.map((s) => (
                <option key={`s${s.id}`} value={`session:${s.id}`}>
                  Session: {s.name}
                </option>
              ))}
            </select>
          </div>
          {cabinId !== undefined && (
            <Button asChild variant="outline" className="min-h-11">
              <a href={cabinZipUrl(cabinId)} download>
                Download all approved (zip)
              </a>
            </Button>
          )}
        </div>

        {candidates.error && <p role="alert" className="text-red-800">{errorMessage(candidates.error)}</p>}
        {group && candidates.isPending && <Spinner label="Loading approved videos" />}
        {candidates.data && <ReelPicker candidates={candidates.data} chosen={chosen} onChange={setChosen} />}

        {/* min-w-0: a fieldset is as wide as its content unless told otherwise (no sideways scroll at 320 px). */}
        <fieldset className="grid min-w-0 gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-2">
          <legend className="px-1 text-lg font-semibold text-slate-900">The reel</legend>
          <div className="grid gap-1">
            <Label htmlFor={ids.title}>Title (optional)</Label>
            <Input id={ids.title} value={title} maxLength={REEL_LIMITS.titleMaxLength} onChange={(e) => setTitle(e.target.value)} className="min-h-11" />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={ids.max}>Longest part per camper (seconds, optional)</Label>
            <Input
              id={ids.max}
              type="number"
              inputMode="numeric"
              min={REEL_LIMITS.minSecondsPerCamper}
              max={REEL_LIMITS.maxSecondsPerCamper}
              value={maxSeconds}
              onChange={(e) => setMaxSeconds(e.target.value)}
              className="min-h-11"
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={ids.format}>Format</Label>
            <select id={ids.format} value={format} onChange={(e) => setFormat(e.target.value as VideoFormatKey)} className={selectClass}>
              {VIDEO_FORMATS.map((f) => (
                <option key={f.key} value={f.key}>
                  {f.label} ({f.aspectRatio === "16/9" ? "wide" : "tall"}, up to {formatLength(f.maxDuration)})
                </option>
              ))}
            </select>
          </div>
          <div className="flex min-h-11 min-w-0 items-center gap-3 self-end">
            <input id={ids.captions} type="checkbox" className="size-6 shrink-0 accent-lake-700" checked={captions} onChange={(e) => setCaptions(e.target.checked)} />
            <Label htmlFor={ids.captions} className="flex min-h-11 min-w-0 flex-1 items-center">Captions file (each video's captions, timed to the reel)</Label>
          </div>
        </fieldset>

        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" variant="secondary" className="min-h-11" disabled={!group || chosen.length === 0 || make.isPending}>
            {make.isPending ? "Making the reel…" : "Make reel"}
          </Button>
          {chosen.length > 0 && (
            <p className="text-slate-800" aria-live="polite">
              {chosen.length} video{chosen.length === 1 ? "" : "s"}, about {formatLength(estimate)} with the title card.
            </p>
          )}
        </div>
        {make.error && <p role="alert" className="text-red-800">{errorMessage(make.error)}</p>}
      </form>
    </div>
  );
}
