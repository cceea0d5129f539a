// Applies db/migrations to DATABASE_URL (default: the embedded dev file). Production: DATABASE_URL=libsql://…
// (or https://…) with DATABASE_AUTH_TOKEN reaches Turso through the web client, over libSQL's HTTP protocol.
import { migrateDatabase, openDatabase } from "./node";

const url = process.env.DATABASE_URL ?? "file:.data/app.db";
await migrateDatabase(openDatabase(url, process.env.DATABASE_AUTH_TOKEN), { remote: !url.startsWith("file:") });
// Never print the URL's query string: a token passed as ?authToken= would land in CI logs.
console.log(`migrated ${url.split("?")[0]}`);
