import type { PublicUser } from "../../../contracts/auth.ts";
import { CARD_MESSAGES, type SignInCard, type StaffSetPasswordBody } from "../../../contracts/cards.ts";
import { notFound } from "../../http/errors.ts";
import { assertUncommonPassword } from "../auth/common-passwords.ts";
import { issueLoginCode } from "../auth/login-codes.ts";
import { hashPassword } from "../auth/passwords.ts";
import type { SessionsRepository } from "../auth/sessions.repository.ts";
import type { UsersRepository } from "../auth/users.repository.ts";
import type { AuditLog } from "../staff/audit-log.ts";
import type { StaffScopes } from "../staff/staff-scope.ts";
import type { CardHolder, CardsRepository } from "./cards.repository.ts";

type Staff = Pick<PublicUser, "id" | "role" | "username">;

export interface CardsServiceOptions {
  cards: CardsRepository;
  users: UsersRepository;
  sessions: SessionsRepository;
  scopes: StaffScopes;
  audit: AuditLog;
}

/**
 * Staff's side of sign-in cards (decision 027b): reissuing a camper's card or a cabin's sheet, and
 * setting a password for a camper who wants one. A counselor reaches only their cabins' campers; anyone
 * else is answered like a missing camper (404). Each change ends the camper's sessions: a lost card may
 * already have signed someone in on another tablet, and the old code stops at once.
 */
export class CardsService {
  private readonly cards: CardsRepository;
  private readonly users: UsersRepository;
  private readonly sessions: SessionsRepository;
  private readonly scopes: StaffScopes;
  private readonly audit: AuditLog;

  constructor(options: CardsServiceOptions) {
    this.cards = options.cards;
    this.users = options.users;
    this.sessions = options.sessions;
    this.scopes = options.scopes;
    this.audit = options.audit;
  }

  async reissue(staff: Staff, camperUserId: number): Promise<SignInCard> {
    const holder = await this.cards.holder(await this.scopes.of(staff), camperUserId);
    if (!holder) throw notFound(CARD_MESSAGES.camperNotFound);
    return this.issue(staff, holder, "card");
  }

  /** New cards for the cabin's campers (one camp session's, when given), for a printed sheet. */
  async reissueCabin(staff: Staff, cabinId: number, sessionId: number | undefined): Promise<SignInCard[]> {
    const scope = await this.scopes.of(staff);
    if (!(await this.scopes.cabin(scope, cabinId))) throw notFound(CARD_MESSAGES.cabinNotFound);
    const holders = await this.cards.cabinHolders(scope, cabinId, sessionId);
    const cards: SignInCard[] = [];
    // One at a time: each is an argon2id hash, which takes a core while it runs.
    for (const holder of holders) cards.push(await this.issue(staff, holder, "cabin sheet"));
    return cards;
  }

  async setPassword(staff: Staff, camperUserId: number, body: StaffSetPasswordBody): Promise<void> {
    const holder = await this.cards.holder(await this.scopes.of(staff), camperUserId);
    if (!holder) throw notFound(CARD_MESSAGES.camperNotFound);
    await assertUncommonPassword(body.password);
    await this.users.setPassword(holder.userId, await hashPassword(body.password));
    await this.sessions.endOthers(holder.userId);
    await this.audit.record(staff, "set_camper_password", { camperUserId: holder.userId });
  }

  private async issue(staff: Staff, holder: CardHolder, detail: string): Promise<SignInCard> {
    // A new code in its printed form; the old one stops matching at once.
    const code = await issueLoginCode(this.users, holder.userId);
    await this.sessions.endOthers(holder.userId);
    await this.audit.record(staff, "reissue_card", { camperUserId: holder.userId, detail });
    return {
      userId: holder.userId,
      firstName: holder.firstName ?? holder.username,
      lastInitial: holder.lastInitial,
      username: holder.username,
      cabin: holder.cabin,
      session: holder.session,
      code,
    };
  }
}
