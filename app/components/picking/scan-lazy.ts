// The scan rules (domain/picking/scan.ts with the barcode rules) are not in the pick list's first load (issue 25): they
// load when the screen is idle, with the camera's scanner. A scan that comes sooner (a hardware scanner, a typed code)
// waits for them and is then applied in the order it came.
type ScanRules = typeof import("~/domain/picking/scan");

let rules: ScanRules | null = null;
let loading: Promise<ScanRules> | null = null;

export function loadScanRules(): Promise<ScanRules> {
  loading ??= import("~/domain/picking/scan").then(
    (m) => (rules = m),
    (error: unknown) => {
      loading = null; // no code yet (no signal before it arrived): the next scan tries again
      throw error;
    },
  );
  return loading;
}

/** The rules once loaded, else null (then loadScanRules and scan again). */
export function scanRulesNow(): ScanRules | null {
  return rules;
}
