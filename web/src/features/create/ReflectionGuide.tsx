import { CheckCircle2 } from "lucide-react";
import { useEffect, useState } from "react";
import { REFLECTION_GUIDE_LOADING_MS } from "../../../../contracts/product.ts";
import { REFLECTION_PROMPTS } from "../../../../contracts/reflection.ts";
import { SHOW_LIMITS } from "../../../../contracts/shows-constants.ts";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import type { Answers } from "./reflection-answers.ts";

interface Props {
  answers: Answers;
  onAnswerChange(index: number, value: string): void;
  /** Leaving a text box and changing tab are moments the AI may write (AI issue). */
  onAnswerBlur?(index: number): void;
  onTabChange?(promptId: string): void;
}

export function ReflectionGuide({ answers, onAnswerChange, onAnswerBlur, onTabChange }: Props) {
  const [ready, setReady] = useState(false);
  const [tab, setTab] = useState<string>(REFLECTION_PROMPTS[0].id);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), REFLECTION_GUIDE_LOADING_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle>Reflection guide</CardTitle>
        <p className="text-sm text-slate-600">Answer in your own words. Everything you type is saved on this device as you go.</p>
      </CardHeader>
      {/* The tabs are laid out from the start, hidden while the guide says it is getting ready, so the
          card has its full height at once and the steps below do not move when the tabs appear. */}
      <CardContent className="grid">
        {!ready && (
          <div className="col-start-1 row-start-1 flex items-start gap-3 py-8 text-slate-700">
            <Spinner className="size-5" label="Preparing reflection guide" />
            <p>Preparing reflection guide...</p>
          </div>
        )}
        <div className="col-start-1 row-start-1 min-w-0" style={ready ? undefined : { visibility: "hidden" }} inert={!ready}>
          <Tabs
            value={tab}
            onValueChange={(next) => {
              setTab(next);
              onTabChange?.(next);
            }}
          >
            <TabsList aria-label="Reflection prompts" className="w-full justify-start">
              {REFLECTION_PROMPTS.map((prompt, i) => {
                const answered = answers[i]!.trim().length > 0;
                return (
                  <TabsTrigger key={prompt.id} value={prompt.id}>
                    {prompt.label}
                    {answered && (
                      <>
                        <CheckCircle2 aria-hidden="true" className="size-4 text-green-900" data-testid={`answered-${prompt.id}`} />
                        <span className="sr-only">(answered)</span>
                      </>
                    )}
                  </TabsTrigger>
                );
              })}
            </TabsList>
            {REFLECTION_PROMPTS.map((prompt, i) => (
              <TabsContent key={prompt.id} value={prompt.id} className="grid gap-2">
                <label htmlFor={`answer-${prompt.id}`} className="text-base font-medium text-slate-900">
                  {prompt.prompt}
                </label>
                <textarea
                  id={`answer-${prompt.id}`}
                  value={answers[i]}
                  onChange={(e) => onAnswerChange(i, e.target.value)}
                  onBlur={() => onAnswerBlur?.(i)}
                  placeholder={prompt.placeholder}
                  maxLength={SHOW_LIMITS.responseMaxLength}
                  rows={6}
                  className="w-full rounded-md border border-slate-400 bg-white p-3 text-base placeholder:text-slate-600"
                />
                <p className="text-right text-xs text-slate-600">
                  {answers[i]!.length.toLocaleString()} / {SHOW_LIMITS.responseMaxLength.toLocaleString()}
                </p>
              </TabsContent>
            ))}
          </Tabs>
        </div>
      </CardContent>
    </Card>
  );
}
