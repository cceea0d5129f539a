// Waiting for a libSQL file's write lock to be free, for fault tests that pause the database mid-request.
import { createClient } from "@libsql/client/node";

/**
 * Waits (up to 30 s) until no connection holds the file's write lock: a request cut off while the database was
 * paused may leave a transaction open until it expires (10 s), and the next test must not queue behind it.
 */
export async function untilWriteLockFree(file: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const probe = createClient({ url: `file:${file}` });
    try {
      await (await probe.transaction("write")).rollback();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    } finally {
      probe.close();
    }
    await new Promise((ok) => setTimeout(ok, 250));
  }
}
