// Applies db/migrations to DATABASE_URL (default: the embedded dev file).
import { migrateDatabase, openDatabase } from "./node";

const url = process.env.DATABASE_URL ?? "file:.data/app.db";
await migrateDatabase(openDatabase(url, process.env.DATABASE_AUTH_TOKEN));
console.log(`migrated ${url}`);
