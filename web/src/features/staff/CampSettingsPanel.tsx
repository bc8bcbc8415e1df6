import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState, type FormEvent } from "react";
import { CAMPER_IDLE_MINUTES, CAMP_NAME_MAX } from "../../../../contracts/camp-settings-constants.ts";
import type { CampSettings } from "../../../../contracts/camp-settings.ts";
import { DEFAULT_CAMP_COLOURS } from "../../../../contracts/video-style-constants.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { errorMessage, getJson, sendJson } from "../../api/client.ts";
import { ColourField, HEX_COLOUR } from "./ColourField.tsx";
import { TitleCardPreview } from "./TitleCardPreview.tsx";
import { apiKeys } from "../../api/keys.ts";

const URL = "/api/staff/camp-settings";

/**
 * The director's camp settings: the camp's name, on cabin reels' title cards, and how
 * long a camper may be away from a shared tablet before being signed out (decision 027e); and the
 * camp's colours on videos' title and end cards, with a preview and a contrast warning.
 */
export function CampSettingsPanel() {
  const client = useQueryClient();
  const nameId = useId();
  const minutesId = useId();
  const hintId = useId();
  const warningsId = useId();
  const { data, error } = useQuery({ queryKey: apiKeys.campSettings, queryFn: ({ signal }) => getJson<CampSettings>(URL, { signal }) });
  const [campName, setCampName] = useState("");
  const [minutes, setMinutes] = useState("");
  const [colour, setColour] = useState<string>(DEFAULT_CAMP_COLOURS.background);
  const [accent, setAccent] = useState<string>(DEFAULT_CAMP_COLOURS.accent);
  // Unfinished colours are flagged once the director tries to save, not while typing.
  const [checkColours, setCheckColours] = useState(false);
  // The form starts from what is saved, once it has loaded.
  useEffect(() => {
    if (!data) return;
    setCampName(data.campName);
    setMinutes(String(data.camperIdleMinutes));
    setColour(data.colour);
    setAccent(data.accentColour);
  }, [data]);
  const colourOk = HEX_COLOUR.test(colour);
  const accentOk = HEX_COLOUR.test(accent);
  // The preview keeps the last whole colour while one is being typed.
  const shownColour = colourOk ? colour.toLowerCase() : (data?.colour ?? DEFAULT_CAMP_COLOURS.background);
  const shownAccent = accentOk ? accent.toLowerCase() : (data?.accentColour ?? DEFAULT_CAMP_COLOURS.accent);
  const save = useMutation({
    mutationFn: () =>
      sendJson<CampSettings>("PUT",
        URL,
        { campName, camperIdleMinutes: Number(minutes), colour: colour.toLowerCase(), accentColour: accent.toLowerCase() },),
    onSuccess: (saved: CampSettings) => client.setQueryData(apiKeys.campSettings, saved),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCheckColours(true);
    if (!colourOk || !accentOk) return;
    save.mutate();
  };
  return (
    <Card as="section" aria-labelledby={`${nameId}-title`}>
      <CardHeader>
        <CardTitle id={`${nameId}-title`}>Camp settings</CardTitle>
        <CardDescription>
          The camp&apos;s name goes on cabin reels&apos; title cards, and its colours on every video&apos;s title and end cards. Shared tablets
          sign a camper out after the minutes away you choose; their work is saved first.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {error && <p role="alert" className="text-red-800">{errorMessage(error)}</p>}
        <form onSubmit={submit} className="flex flex-wrap items-end gap-4">
          <div className="grid min-w-[14rem] flex-1 gap-1">
            <Label htmlFor={nameId}>Camp name</Label>
            <Input id={nameId} required maxLength={CAMP_NAME_MAX} value={campName} onChange={(e) => setCampName(e.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={minutesId}>Sign campers out after (minutes away)</Label>
            <Input
              id={minutesId}
              type="number"
              inputMode="numeric"
              min={CAMPER_IDLE_MINUTES.never}
              max={CAMPER_IDLE_MINUTES.max}
              step={1}
              required
              value={minutes}
              aria-describedby={hintId}
              onChange={(e) => setMinutes(e.target.value)}
              className="w-40"
            />
          </div>
          <fieldset className="grid w-full gap-3">
            <legend className="mb-1 text-sm font-medium text-slate-800">Colours of videos&apos; title and end cards</legend>
            <div className="flex flex-wrap gap-4">
              <ColourField
                label="Card colour"
                pickerLabel="Colour picker: card"
                value={colour}
                onChange={setColour}
                fallback={shownColour}
                invalid={checkColours && !colourOk}
                describedBy={warningsId}
              />
              <ColourField
                label="Accent colour"
                pickerLabel="Colour picker: accent"
                value={accent}
                onChange={setAccent}
                fallback={shownAccent}
                invalid={checkColours && !accentOk}
                describedBy={warningsId}
              />
            </div>
            <TitleCardPreview background={shownColour} accent={shownAccent} campName={campName} warningsId={warningsId} />
          </fieldset>
          <Button type="submit" busy={save.isPending} disabled={!data}>
            Save camp settings
          </Button>
        </form>
        <p id={hintId} className="text-sm text-slate-700">
          {CAMPER_IDLE_MINUTES.min} to {CAMPER_IDLE_MINUTES.max} minutes, or 0 to never sign campers out (only for devices that are not shared).
        </p>
        <p role="status" className="text-sm font-medium text-green-900 empty:hidden">
          {save.isSuccess ? "Camp settings saved." : ""}
        </p>
        {save.isError && <p role="alert" className="text-red-800">{errorMessage(save.error)}</p>}
      </CardContent>
    </Card>
  );
}
