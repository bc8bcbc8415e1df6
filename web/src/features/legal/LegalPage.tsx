import { Card, CardContent } from "../../components/ui/card.tsx";
import { LEGAL_PAGES, type LegalPageKey } from "./legal-content.ts";
import { usePageTitle } from "../../hooks/use-page-title.ts";

export function LegalPage({ page }: { page: LegalPageKey }) {
  const content = LEGAL_PAGES[page];
  usePageTitle(content.title);
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold text-lake-900">{content.title}</h1>
      <p className="mt-1 text-sm text-slate-600">Last updated {content.updated}</p>
      <Card className="mt-6 border-brand-100 bg-brand-50">
        <CardContent className="p-5">
          <h2 className="font-semibold">The short version</h2>
          <p className="mt-1">{content.summary}</p>
        </CardContent>
      </Card>
      {content.sections.map((section) => (
        <section key={section.heading} className="mt-8">
          <h2 className="text-xl font-semibold text-lake-900">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3 leading-relaxed text-slate-800">
              {paragraph}
            </p>
          ))}
          {section.list && (
            <ul className="mt-3 list-disc space-y-1.5 pl-6 text-slate-800">
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </article>
  );
}
