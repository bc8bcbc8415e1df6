import type { PublicUser } from "../../../contracts/auth.ts";
import type { Board, BoardCamper, BoardQuery } from "../../../contracts/board.ts";
import type { StaffScopes } from "../staff/staff-scope.ts";
import type { BoardRepository } from "./board.repository.ts";
import { camperStep } from "./camper-step.ts";

/**
 * The cabin board: each camper the staff member reaches, the step they are on and what waits
 * for the counselor. A counselor's cabin filter can only narrow their own scope.
 */
export class BoardService {
  constructor(
    private readonly board: BoardRepository,
    private readonly scopes: StaffScopes,
    private readonly reviewRequired: boolean,
  ) {}

  async forStaff(staff: PublicUser, query: BoardQuery): Promise<Board> {
    const scope = await this.scopes.of(staff);
    const filter = { scope, cabinId: query.cabin, sessionId: query.session };
    const [campers, shows, waiting, cabins, sessions] = await Promise.all([
      this.board.campers(filter),
      this.board.newestShows(filter),
      this.board.waitingReviews(filter),
      this.scopes.cabins(scope),
      this.board.sessions(),
    ]);
    const showOf = new Map(shows.map((s) => [s.userId, s]));
    const waitingOf = new Map<number, NonNullable<BoardCamper["waiting"]>>();
    for (const w of waiting) {
      const seen = waitingOf.get(w.userId);
      // Rows come longest waiting first: the first one is the show to open.
      if (seen) seen.count += 1;
      else waitingOf.set(w.userId, { count: 1, showId: w.showId, since: w.submittedAt.toISOString() });
    }
    const out: BoardCamper[] = campers.map((c) => {
      const show = showOf.get(c.id);
      // A left-joined review with no row comes back as null or as nulls, whichever the driver gives.
      const r = show?.review;
      const review = r?.status
        ? { status: r.status, renderJobId: r.renderJobId, sentFingerprint: r.sentFingerprint, approvedRenderJobId: r.approvedRenderJobId }
        : null;
      return {
        id: c.id,
        username: c.username,
        firstName: c.firstName,
        lastInitial: c.lastInitial,
        cabin: c.cabinId === null ? null : { id: c.cabinId, name: c.cabinName! },
        session: c.sessionId === null ? null : { id: c.sessionId, name: c.sessionName! },
        mediaRelease: c.mediaRelease,
        step: camperStep(show ? { ...show, review, mediaRelease: c.mediaRelease } : null, this.reviewRequired),
        lastWorkedAt: c.lastWorkedAt ? c.lastWorkedAt.toISOString() : null,
        show: show ? { id: show.id, title: show.title } : null,
        waiting: waitingOf.get(c.id) ?? null,
      };
    });
    return { campers: out.sort(byWhatWaits), cabins, sessions };
  }
}

/** Videos to review first, longest waiting first; then the camper who worked last, first; then by name. */
function byWhatWaits(a: BoardCamper, b: BoardCamper): number {
  if (a.waiting && b.waiting) return a.waiting.since.localeCompare(b.waiting.since);
  if (a.waiting || b.waiting) return a.waiting ? -1 : 1;
  if (a.lastWorkedAt !== b.lastWorkedAt) {
    if (!a.lastWorkedAt || !b.lastWorkedAt) return a.lastWorkedAt ? -1 : 1;
    return b.lastWorkedAt.localeCompare(a.lastWorkedAt);
  }
  return (a.firstName ?? a.username).localeCompare(b.firstName ?? b.username) || a.id - b.id;
}
