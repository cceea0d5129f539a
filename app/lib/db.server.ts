// The database handle the app uses: drizzle over libSQL. The Worker reaches Turso over HTTPS with the
// web client; Node processes (dev server, scripts, tests) open the embedded file through db/node.ts.
import { createClient as createWebClient, type Client } from "@libsql/client/web";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import * as schema from "../../db/schema";

export type Database = LibSQLDatabase<typeof schema>;

export function databaseFromClient(client: Client): Database {
  return drizzle(client, { schema });
}

/** The production branch: any non-file URL (libsql://, https://) goes through the web client. */
export function openRemoteDatabase(url: string, authToken?: string): Database {
  if (url.startsWith("file:")) {
    throw new Error("file: database URLs are opened by db/node.ts in Node processes, never inside the Worker");
  }
  return databaseFromClient(createWebClient({ url, authToken }));
}
