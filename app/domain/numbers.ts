// Numbers at the boundary, parsed strictly: plain decimal digits only. Number("0x7"), Number("1e3"),
// Number(" 7 ") and Number("") are all numbers to JavaScript; none of them is a quantity a person typed.
import { z } from "zod";

const DECIMAL = /^\d+(\.\d+)?$/;
const INTEGER = /^\d+$/;

/** A JSON number, or a string of plain decimal digits ('12', '12.5'); anything else fails the schema. */
export function decimalInput(message = "must be a number") {
  return z.preprocess((v) => (typeof v === "string" && DECIMAL.test(v.trim()) ? Number(v.trim()) : v), z.number({ error: message }).finite(message));
}

/** An optional query-string integer in [min, max]: digits only ('2'), never '0x2', '2e0' or '+2'. Blank counts as absent. */
export function integerParam(min: number, max: number, tooBig = `must be at most ${max}`) {
  const message = "must be a whole number";
  return z.preprocess(
    (v) => (v === "" ? undefined : typeof v === "string" && INTEGER.test(v) && v.length <= 15 ? Number(v) : v),
    z.number({ error: message }).int(message).min(min, `must be at least ${min}`).max(max, tooBig).optional(),
  );
}
