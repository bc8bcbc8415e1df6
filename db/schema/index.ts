/**
 * The database schema, one file per domain; drizzle (db/client.ts, drizzle.config.ts) reads it through this
 * file, so table and column names are the same wherever a table is declared.
 */
export * from "./camp.ts";
export * from "./users.ts";
export * from "./shows.ts";
export * from "./clips.ts";
export * from "./voice.ts";
export * from "./renders.ts";
export * from "./reviews.ts";
export * from "./reels.ts";
export * from "./shares.ts";
