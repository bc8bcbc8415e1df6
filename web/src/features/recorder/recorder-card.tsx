import { useId, type ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { cn } from "../../lib/utils.ts";

/**
 * The recorder's card and its camera stage's width, shared by the recorder and the stand-in the Create
 * screen shows while the recorder's code is on its way (LazyRecorder.tsx), so the two take the same room.
 */
export function RecorderCard({ className, children }: { className?: string; children: ReactNode }) {
  const heading = useId();
  return (
    <Card className={className}>
      <section aria-labelledby={heading}>
        <CardHeader className="pb-3">
          <CardTitle id={heading}>Record your video</CardTitle>
          <p className="text-sm text-slate-700">
            Record one clip or several, or add photos. Each clip is kept on this device and uploaded while you record,
            so a weak Wi-Fi or a closed laptop never loses a take.
          </p>
        </CardHeader>
        <CardContent className="grid gap-4">{children}</CardContent>
      </section>
    </Card>
  );
}

/** At most half the screen tall, so Stop stays in sight on a small laptop. */
export function stageClassName(aspect: "16/9" | "9/16"): string {
  return cn("mx-auto w-full", aspect === "9/16" ? "max-w-[calc(55vh*9/16)] min-w-[min(15rem,100%)]" : "max-w-[calc(50vh*16/9)]");
}
