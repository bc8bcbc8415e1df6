// Copies the files the compiled server reads at run time (SQL migrations) next to it in dist/.
import { cpSync } from "node:fs";

cpSync("db/migrations", "dist/db/migrations", { recursive: true });
