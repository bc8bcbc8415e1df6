import type { RosterResult } from "../../../../contracts/roster.ts";
import { StaffTable } from "../../components/staff/TableScroller.tsx";

/** What an import did: the campers made (with their codes), matched, and the rows refused with why. */
export function RosterResults({ result }: { result: RosterResult }) {
  const { made, matched, refused } = result;
  return (
    <div className="grid min-w-0 gap-6">
      <p role="status" className="text-lg text-slate-900">
        Made {made.length} {made.length === 1 ? "camper" : "campers"}, matched {matched.length}, refused {refused.length}.
      </p>
      {refused.length > 0 && (
        <section aria-labelledby="roster-refused" className="grid min-w-0 gap-2">
          <h2 id="roster-refused" className="text-xl font-semibold text-slate-900">
            Refused rows
          </h2>
          <p className="text-slate-800">Fix these lines in the file and import it again: the rows already made are matched, not made twice.</p>
          <StaffTable label="Table of refused rows" columns={["Line", "Why"]}>
            {refused.map((r) => (
              <tr key={r.line} className="border-b border-slate-200 align-top">
                <td className="py-2 pr-4">{r.line}</td>
                <td className="py-2">{r.message}</td>
              </tr>
            ))}
          </StaffTable>
        </section>
      )}
      {made.length > 0 && (
        <section aria-labelledby="roster-made" className="grid min-w-0 gap-2">
          <h2 id="roster-made" className="text-xl font-semibold text-slate-900">
            New campers
          </h2>
          <p className="text-slate-800">Their sign-in codes are shown only now: print the cards before leaving this page.</p>
          <StaffTable label="Table of new campers" columns={["Line", "Camper", "Username", "Cabin", "Session", "Media release", "Code"]}>
            {made.map((m) => (
              <tr key={m.userId} className="border-b border-slate-200 align-top">
                <td className="py-2 pr-4">{m.line}</td>
                <td className="py-2 pr-4">
                  {m.firstName} {m.lastInitial}.
                </td>
                <td className="py-2 pr-4">{m.username}</td>
                <td className="py-2 pr-4">{m.cabin}</td>
                <td className="py-2 pr-4">{m.session}</td>
                <td className="py-2 pr-4">{m.mediaRelease ? "Yes" : "No"}</td>
                <td className="py-2 font-mono">{m.code}</td>
              </tr>
            ))}
          </StaffTable>
        </section>
      )}
      {matched.length > 0 && (
        <section aria-labelledby="roster-matched" className="grid min-w-0 gap-2">
          <h2 id="roster-matched" className="text-xl font-semibold text-slate-900">
            Already here
          </h2>
          <StaffTable label="Table of campers already here" columns={["Line", "Camper", "Username", "Cabin", "Session", "Media release"]}>
            {matched.map((m) => (
              <tr key={m.userId} className="border-b border-slate-200 align-top">
                <td className="py-2 pr-4">{m.line}</td>
                <td className="py-2 pr-4">
                  {m.firstName} {m.lastInitial}.
                </td>
                <td className="py-2 pr-4">{m.username}</td>
                <td className="py-2 pr-4">{m.cabin}</td>
                <td className="py-2 pr-4">{m.session}</td>
                <td className="py-2">
                  {m.mediaRelease ? "Yes" : "No"}
                  {m.updated && " (changed by this import)"}
                </td>
              </tr>
            ))}
          </StaffTable>
        </section>
      )}
    </div>
  );
}
