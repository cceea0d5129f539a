// The floor passcode's call (POST /api/picklist/passcode/login) with the api client and its contract: loaded when the
// gate's form is idle on screen, or with the first send, so neither is in the pick list's first load (issue 25).
import type * as z from "zod/mini";
import type { PasscodeLoginRequest } from "~/domain/picking/contract";
import { apiFetch, contractOf } from "~/lib/api-client";

const contract = contractOf(() => import("~/domain/picking/contract"));

export function passcodeLogin(code: string, signal: AbortSignal) {
  const json: z.output<typeof PasscodeLoginRequest> = { code };
  return apiFetch("/api/picklist/passcode/login", contract("PasscodeLoginAnswer"), { json, signal });
}
