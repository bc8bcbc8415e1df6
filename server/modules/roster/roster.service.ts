import type { PublicUser } from "../../../contracts/auth.ts";
import { ROSTER_LIMITS, ROSTER_MESSAGES, type RosterMade, type RosterMatched, type RosterRefused, type RosterResult } from "../../../contracts/roster.ts";
import { badRequest, payloadTooLarge } from "../../http/errors.ts";
import { issueLoginCode } from "../auth/login-codes.ts";
import type { UsersRepository } from "../auth/users.repository.ts";
import type { AuditLog } from "../staff/audit-log.ts";
import { CsvError, parseCsv } from "./csv.ts";
import { camperKey, checkRow, readHeader, usernameBase, type RosterRow } from "./roster-rows.ts";
import type { RosterRepository } from "./roster.repository.ts";

type Made = Omit<RosterMade, "code">;

/**
 * Imports a roster (decision 027c). Every row is checked first; then, in one transaction under the
 * roster lock (concurrent imports take turns, so none makes a camper twice), each good row is matched
 * to the camper it names or made. Sign-in codes are issued after the commit: each code is an argon2id
 * hash, and a lookup clash is retried, which a statement failing inside the transaction would not allow.
 */
export class RosterService {
  constructor(
    private readonly roster: RosterRepository,
    private readonly users: UsersRepository,
    private readonly audit: AuditLog,
  ) {}

  async import(staff: PublicUser, text: string): Promise<RosterResult> {
    const { rows, refused } = this.check(text);
    const { made, matched } = rows.length ? await this.apply(rows) : { made: [], matched: [] };
    // Hashes run one per core at a time (passwords.ts), so issuing them together uses every core.
    const withCodes: RosterMade[] = await Promise.all(made.map(async (camper) => ({ ...camper, code: await issueLoginCode(this.users, camper.userId) })));
    refused.sort((a, b) => a.line - b.line);
    for (const camper of matched.filter((m) => m.updated)) {
      await this.audit.record(staff, "set_media_release", { camperUserId: camper.userId, detail: `Media release ${camper.mediaRelease ? "given" : "withdrawn"} (roster line ${camper.line})` });
    }
    await this.audit.record(staff, "import_roster", { detail: `made ${made.length}, matched ${matched.length}, refused ${refused.length}` });
    return { made: withCodes, matched, refused };
  }

  /** Parses and checks every row: a broken file is a 400 (nothing changes), a bad row a refusal. */
  private check(text: string): { rows: RosterRow[]; refused: RosterRefused[] } {
    if (text.includes("\uFFFD")) throw badRequest(ROSTER_MESSAGES.notUtf8);
    let records;
    try {
      records = parseCsv(text);
    } catch (error) {
      if (error instanceof CsvError) throw badRequest(error.message);
      throw error;
    }
    const [header, ...body] = records;
    if (!header) throw badRequest(ROSTER_MESSAGES.empty);
    if (body.length > ROSTER_LIMITS.maxRows) throw payloadTooLarge(ROSTER_MESSAGES.tooBig);
    let columns;
    try {
      columns = readHeader(header);
    } catch (error) {
      if (error instanceof CsvError) throw badRequest(error.message);
      throw error;
    }
    const rows: RosterRow[] = [];
    const refused: RosterRefused[] = [];
    const firstLineOf = new Map<string, number>();
    for (const record of body) {
      const checked = checkRow(record, columns, header.fields.length);
      if (!checked.ok) {
        refused.push({ line: checked.line, message: checked.message });
        continue;
      }
      const key = camperKey(checked.row);
      const earlier = firstLineOf.get(key);
      if (earlier !== undefined) {
        refused.push({ line: record.line, message: `Line ${record.line}: the same camper as line ${earlier} (first name, last initial, cabin and session)` });
        continue;
      }
      firstLineOf.set(key, record.line);
      rows.push(checked.row);
    }
    return { rows, refused };
  }

  private apply(rows: RosterRow[]): Promise<{ made: Made[]; matched: RosterMatched[] }> {
    return this.roster.underRosterLock(async (repo) => {
      const cabins = await repo.ensureCabins(rows.map((r) => r.cabin));
      const sessions = await repo.ensureSessions(rows.map((r) => r.session));
      const cabinOf = new Map(cabins.map((c) => [c.name.toLowerCase(), c]));
      const sessionOf = new Map(sessions.map((s) => [s.name.toLowerCase(), s]));
      const cabinName = new Map(cabins.map((c) => [c.id, c.name]));
      const sessionName = new Map(sessions.map((s) => [s.id, s.name]));
      const existing = new Map(
        (await repo.campersIn(cabins.map((c) => c.id), sessions.map((s) => s.id))).map((c) => [
          camperKey({ ...c, cabin: cabinName.get(c.cabinId)!, session: sessionName.get(c.campSessionId)! }),
          c,
        ]),
      );
      const made: Made[] = [];
      const matched: RosterMatched[] = [];
      const taken = new Map<string, Set<string>>();
      for (const row of rows) {
        // The names as the camp already spells them ("pines" in the file is the cabin "Pines").
        const cabin = cabinOf.get(row.cabin.toLowerCase())!;
        const session = sessionOf.get(row.session.toLowerCase())!;
        const found = existing.get(camperKey(row));
        if (found) {
          const updated = found.mediaRelease !== row.mediaRelease;
          // The roster is the family's answer as the camp has it now: a changed media release is applied.
          if (updated) await repo.setMediaRelease(found.id, row.mediaRelease);
          matched.push({
            line: row.line,
            userId: found.id,
            username: found.username,
            firstName: found.firstName,
            lastInitial: found.lastInitial,
            cabin: cabin.name,
            session: session.name,
            mediaRelease: row.mediaRelease,
            updated,
          });
          continue;
        }
        const base = usernameBase(row.firstName, row.lastInitial);
        let names = taken.get(base);
        if (!names) taken.set(base, (names = await repo.usernamesLike(base)));
        for (let n = 1; ; n++) {
          const username = n === 1 ? base : `${base}${n}`;
          if (names.has(username)) continue;
          names.add(username);
          const values = { username, firstName: row.firstName, lastInitial: row.lastInitial, cabinId: cabin.id, campSessionId: session.id, mediaRelease: row.mediaRelease };
          const created = await repo.createCamper(values);
          if (!created) continue; // taken a moment ago by a camper registering: the next number
          made.push({ line: row.line, userId: created.id, username, firstName: row.firstName, lastInitial: row.lastInitial, cabin: cabin.name, session: session.name, mediaRelease: row.mediaRelease });
          break;
        }
      }
      return { made, matched };
    });
  }
}
