import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { SHOW_STEPS } from "./ShowProgress.tsx";

/** One numbered step of the Create screen, its heading named for the progress bar's anchor. */
export function StorySection({ index, heading, children }: { index: number; heading: string; children: ReactNode }) {
  const anchor = SHOW_STEPS[index]!.anchor;
  return (
    <section id={anchor} aria-labelledby={`${anchor}-heading`} className="grid scroll-mt-4 grid-cols-1 gap-3">
      <h2 id={`${anchor}-heading`} className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <span aria-hidden="true" className="flex size-7 items-center justify-center rounded-full bg-brand-700 text-sm text-white">
          {index + 1}
        </span>
        <span>
          <span className="sr-only">Step {index + 1}: </span>
          {heading}
        </span>
      </h2>
      {children}
    </section>
  );
}

/** The last step: what the editor does, and the way there once a clip exists (`continueButton`). */
export function FinalStepCard({ continueButton }: { continueButton: ReactNode | null }) {
  return (
    <Card>
      <CardContent className="grid gap-3 pt-6">
        <p className="text-sm text-slate-700">
          In the editor you polish the script, choose the sound (your clips' own or an AI voice reading the script),
          how the picture fills the frame, captions, and then make and download the final video.
        </p>
        {continueButton ?? (
          <p className="flex items-center gap-1.5 text-sm font-medium text-slate-800">
            <ArrowRight aria-hidden="true" className="size-4" />
            Record a clip first: the editor works with your clips.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

export function HowItWorksCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">How it works</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
          <li>Pick the style, length and the platform you want to share on.</li>
          <li>Reflect: answer the five prompts in your own words.</li>
          <li>Script: press Generate AI Content. The AI turns your answers into a script you can edit.</li>
          <li>Record: film one clip or several with your camera; the script scrolls by as a teleprompter.</li>
          <li>
            Editor: press Continue to Editing to choose the voice, the look and captions, then make the final video and
            download the .mp4. Everything is saved as you go and shows up in My Shows.
          </li>
        </ol>
      </CardContent>
    </Card>
  );
}
