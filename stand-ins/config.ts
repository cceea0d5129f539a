// What every stand-in needs to know: its public URL, where it keeps state, the staff database and the
// OAuth clients it recognises (the same values config/local-env.ts gives the app).
import type { Database } from "../app/lib/db.server";

export type OAuthClient = { id: string; secret: string };

export type StandinsConfig = {
  /** The URL the app is configured with (issuer of ID tokens); http://127.0.0.1:<port> by default. */
  publicUrl: string;
  /** Folder for state that must survive a restart: the signing key, caught mail, QuickBooks tokens. */
  dataDir: string;
  /** The app's database: the sign-in page lists its users. */
  db: Database;
  companyDomain: string;
  googleClient: OAuthClient;
  qboClient: OAuthClient;
};
