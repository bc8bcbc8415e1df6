/**
 * The yardstick for bench:api (not part of the product): the usual Node stack doing what our
 * GET /api/recordings does. Express 5, express-session with its sessions in PostgreSQL
 * (connect-pg-simple), passport-local checking the same argon2id hashes, Drizzle on node-postgres with
 * the same schema and pool size, and the same Show shape. Listens on PORT; DATABASE_URL names the database.
 * Run by bench/api.bench.ts: tsx bench/express-yardstick.ts
 */
import { verify } from "@node-rs/argon2";
import connectPgSimple from "connect-pg-simple";
import { desc, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import express from "express";
import session from "express-session";
import passport from "passport";
import { Strategy as LocalStrategy } from "passport-local";
import pg from "pg";
import * as schema from "../db/schema/index.ts";
import { toShow } from "../server/modules/shows/shows.repository.ts";
import { SHOW_LIMITS } from "../contracts/shows.ts";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
const db = drizzle(pool, { schema });

passport.use(
  new LocalStrategy(async (username, password, done) => {
    try {
      const [user] = await db.select().from(schema.users).where(eq(schema.users.username, username));
      if (!user?.passwordHash || !(await verify(user.passwordHash, password))) return done(null, false);
      return done(null, user);
    } catch (error) {
      return done(error);
    }
  }),
);
passport.serializeUser((user, done) => done(null, (user as { id: number }).id));
passport.deserializeUser(async (id: number, done) => {
  try {
    const [user] = await db.select().from(schema.users).where(eq(schema.users.id, id));
    done(null, user ?? false);
  } catch (error) {
    done(error);
  }
});

const PgStore = connectPgSimple(session);
const app = express();
app.use(express.json());
app.use(
  session({
    store: new PgStore({ pool, tableName: "express_sessions", createTableIfMissing: true }),
    secret: "yardstick-only",
    resave: false,
    saveUninitialized: false,
    cookie: { httpOnly: true, sameSite: "lax", maxAge: 14 * 24 * 3600 * 1000 },
  }),
);
app.use(passport.session());

app.post("/login", passport.authenticate("local"), (req, res) => {
  res.json({ id: (req.user as { id: number }).id });
});

app.get("/api/recordings", async (req, res, next) => {
  try {
    if (!req.user) return res.status(401).json({ message: "Please sign in." });
    const rows = await db
      .select()
      .from(schema.shows)
      .where(eq(schema.shows.userId, (req.user as { id: number }).id))
      .orderBy(desc(schema.shows.createdAt), desc(schema.shows.id))
      .limit(SHOW_LIMITS.listPageMax);
    res.json(rows.map(toShow));
  } catch (error) {
    next(error);
  }
});

const server = app.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => console.log("yardstick ready"));
// A yardstick keeps nothing: it stops at once (closing the pool under in-flight requests only printed
// their errors into the bench's figures).
process.on("SIGTERM", () => {
  server.closeAllConnections();
  process.exit(0);
});
