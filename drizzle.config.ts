// drizzle-kit: generates SQL migrations from db/schema.ts (the entry that re-exports db/schema/<area>.ts) into db/migrations.
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "turso",
  schema: "./db/schema.ts",
  out: "./db/migrations",
  dbCredentials: { url: process.env.DATABASE_URL ?? "file:.data/app.db" },
});
