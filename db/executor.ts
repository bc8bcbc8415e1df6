import type { Database } from "./client.ts";

/**
 * The database, or a transaction a repository opened, as a service hands it from one repository method to
 * the next so that changes to several tables commit together. Services only pass it on: every query run
 * on it is written in a repository (lint keeps drizzle and the database client out of the rest of server/).
 */
export type Executor = Database;
