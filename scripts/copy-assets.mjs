// Copies the files the compiled server reads at run time (SQL migrations, the music library) next to it in dist/.
import { cpSync } from "node:fs";

cpSync("db/migrations", "dist/db/migrations", { recursive: true });
cpSync("server/assets", "dist/server/assets", { recursive: true });
