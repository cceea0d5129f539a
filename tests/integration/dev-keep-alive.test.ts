// The dev server keeps an idle keep-alive socket longer than Node's 5 s default, so a client reusing it after a
// pause is less likely to race the server's close (the ECONNRESET a capture journey met on a reused socket).
import { createServer } from "node:http";
import { expect, test } from "vitest";
import { DEV_KEEP_ALIVE_MS, keepConnectionsLonger } from "../../config/front-door";

test("the idle timeout outlasts Node's 5 s default, and the headers timeout outlasts it", () => {
  const server = createServer();
  expect(server.keepAliveTimeout).toBe(5_000);
  keepConnectionsLonger(server);
  expect(server.keepAliveTimeout).toBe(DEV_KEEP_ALIVE_MS);
  expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
});
