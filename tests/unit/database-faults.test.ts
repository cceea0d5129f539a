// Which failures are "the database is not answering" (a 503 with Retry-After, decision 027) and which stay
// real errors (a 500), wherever drizzle and libSQL wrap them; and what a page shows for that 503.
import { LibsqlError } from "@libsql/client";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { describeRouteError } from "~/components/shell/error-page";
import { databaseUnavailable, DatabaseUnavailableError, DATABASE_UNAVAILABLE_MESSAGE } from "~/lib/db.server";

function httpServerError(status: number) {
  return Object.assign(new Error(`Server returned HTTP status ${status}`), { name: "HttpServerError", status });
}

const timeout = new DOMException("The operation was aborted due to timeout", "TimeoutError");
const wrapped = (cause: unknown) => new DrizzleQueryError("select 1", [], cause as Error);

describe("databaseUnavailable", () => {
  it.each<[string, unknown]>([
    ["our own 503 from the bounded fetch", new DatabaseUnavailableError(new TypeError("fetch failed"))],
    ["the same, wrapped by drizzle", wrapped(new DatabaseUnavailableError())],
    ["the same from another bundled copy of the module (recognised by its mark)", wrapped(Object.assign(new Error("x"), { databaseUnavailable: true }))],
    ["the timeout firing while a body was arriving", wrapped(timeout)],
    ["libSQL's closed stream around a timeout", wrapped(new LibsqlError("closed", "HRANA_CLOSED_ERROR", undefined, undefined, Object.assign(new Error("closed"), { cause: timeout })))],
    ["a gateway's 502 in front of the server", wrapped(new LibsqlError("bad gateway", "SERVER_ERROR", undefined, undefined, httpServerError(502)))],
    ["a 503 from the server", wrapped(httpServerError(503))],
    ["a 504", httpServerError(504)],
    ["a lock wait that ran out (SQLITE_BUSY)", wrapped(new LibsqlError("database is locked", "SQLITE_BUSY"))],
  ])("%s is unavailable", (_, error) => {
    const found = databaseUnavailable(error);
    expect(found).toBeInstanceOf(DatabaseUnavailableError);
    expect(found).toMatchObject({ status: 503, message: DATABASE_UNAVAILABLE_MESSAGE, headers: { "Retry-After": "5" } });
  });

  it.each<[string, unknown]>([
    ["a constraint violation", wrapped(new LibsqlError("UNIQUE constraint failed", "SQLITE_CONSTRAINT"))],
    ["a SQL error", wrapped(new LibsqlError("no such column", "SQL_INPUT_ERROR"))],
    ["a 401 from the server (a wrong token is a misconfiguration, not a pause)", wrapped(httpServerError(401))],
    ["a 500 from the server", httpServerError(500)],
    ["a plain bug", new TypeError("x is undefined")],
    ["a thrown string", "oops"],
    ["nothing", undefined],
  ])("%s is not", (_, error) => {
    expect(databaseUnavailable(error)).toBeNull();
  });

  it("does not loop on a cause chain that points back at itself", () => {
    const a: Error & { cause?: unknown } = new Error("a");
    a.cause = a;
    expect(databaseUnavailable(a)).toBeNull();
  });
});

describe("the page a 503 shows", () => {
  it("says to try again, with the server's words and a way to", () => {
    expect(describeRouteError({ status: 503, data: DATABASE_UNAVAILABLE_MESSAGE }, true, { details: false })).toEqual({
      code: "503",
      title: "Please try again",
      message: DATABASE_UNAVAILABLE_MESSAGE,
      retry: true,
    });
  });

  it("never shows a router's internal text", () => {
    expect(describeRouteError({ status: 503, data: "Error: at routes/x.tsx" }, true, { details: false }).message).toBe("Something went wrong. Please try again.");
  });
});
