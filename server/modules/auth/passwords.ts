import { availableParallelism } from "node:os";
import { hash, verify } from "@node-rs/argon2";
import { Slots } from "../../slots.ts";

/** argon2id at OWASP's minimum: 19 MiB, 2 passes, 1 lane (about 10 ms a hash on a 2-core machine). */
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most one hash per core at a time. Each hash holds 19 MiB while it runs, and Node's thread pool
 * would otherwise run four at once whatever the cores: 200 campers signing in together put 76 MiB
 * on a 2-core laptop's peak for no gain in speed, since the hashes only queue for the same cores.
 */
const hashSlots = new Slots(availableParallelism());

export function hashPassword(password: string): Promise<string> {
  return hashSlots.run(() => hash(password, ARGON2ID));
}

/**
 * Checked ahead of new accounts' hashes: a sign-in holds one of its account's few attempt slots while
 * it waits (modules/rate-limit), so in a camp's morning rush a check queued behind a run of
 * registrations kept the campers behind it waiting too; a registration's wait holds nobody else.
 */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await hashSlots.run(() => verify(passwordHash, password), { first: true });
  } catch {
    return false;
  }
}

/**
 * A real hash of a password nobody has, verified when the username does not exist, so a wrong
 * username takes as long as a wrong password and does not reveal which accounts exist.
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(`decoy-${Math.random()}`);
  return decoyHash;
}
