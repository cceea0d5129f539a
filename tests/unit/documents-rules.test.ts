// Dock document rules: BOL place of delivery, Save rule, prompt rule, body parsing; the PNG signature data URL;
// active content (polyglots) in uploads.
import { describe, expect, it } from "vitest";
import { activeContentReason } from "~/domain/documents/active-content";
import { bolBodySchema, bolFormDefaults, canSaveBol, needsBolPrompt, placeOfDeliveryFrom } from "~/domain/documents/bol";
import { isWillCall, willCallTitle } from "~/domain/documents/capture";
import { parsePngDataUrl, SIGNATURE_MAX_BYTES } from "~/domain/documents/signature";
import { emailFailure, pickListFailure, pickListState } from "~/domain/documents/pick-list";

const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));
const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const bytes = (...parts: (string | Uint8Array)[]) => {
  const chunks = parts.map((p) => (typeof p === "string" ? Uint8Array.from(p, (c) => c.charCodeAt(0)) : p));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
};

describe("place of delivery: the last address line with a comma, ZIP removed", () => {
  it.each([
    [["12 Main St", "Queens, NY 11101"], "Queens, NY"],
    [["12 Main St", "Queens, NY 11101-2345"], "Queens, NY"],
    [["Suite 4, Building B", "Newark, NJ, 07102"], "Newark, NJ"],
    [["Acme, Inc.", "55 Road", "Houston, TX 77001", "USA"], "Houston, TX"],
    [["No comma here"], ""],
    [[], ""],
    [["Sacramento, CA"], "Sacramento, CA"],
  ])("%j → %s", (lines, expected) => expect(placeOfDeliveryFrom(lines)).toBe(expected));
});

describe("the BOL form", () => {
  it.each([
    [{ totalPackages: "", netWeightLbs: "" }, false],
    [{ totalPackages: "  ", netWeightLbs: "" }, false],
    [{ totalPackages: "3", netWeightLbs: "" }, true],
    [{ totalPackages: "", netWeightLbs: "100" }, true],
  ])("Save enabled for %j: %s", (form, expected) => expect(canSaveBol(form)).toBe(expected));

  it.each([
    ["Freight", false, true],
    ["freight", false, true],
    ["Freight", true, false],
    ["Will Call", false, false],
    ["", false, false],
  ])("prompt for %s with BOL=%s: %s", (type, has, expected) => expect(needsBolPrompt(type, has)).toBe(expected));

  it("defaults: Hicksville, NY, the place of delivery from the address, Prepaid, the order's carrier", () => {
    expect(bolFormDefaults({ addressLines: ["1 Way", "Queens, NY 11101"], truckingCompany: "Estes" })).toMatchObject({
      placeOfDischarge: "Hicksville, NY",
      placeOfDelivery: "Queens, NY",
      chargeType: "Prepaid",
      freightCarrier: "Estes",
      totalPackages: "",
    });
  });

  it("a stored BOL's values win over the defaults", () => {
    expect(bolFormDefaults({ addressLines: ["Queens, NY 11101"] }, { placeOfDischarge: "Elizabeth, NJ", totalPackages: 4, chargeType: "Collect" })).toMatchObject({
      placeOfDischarge: "Elizabeth, NJ",
      totalPackages: "4",
      chargeType: "Collect",
    });
  });

  it.each([
    [{ totalPackages: "5" }, true],
    [{ netWeightLbs: 10 }, true],
    [{ totalPackages: "", netWeightLbs: null }, false],
    [{ totalPackages: "1e3" }, false],
    [{ totalPackages: " 7" }, true],
    [{ totalPackages: -1 }, false],
    [{ totalPackages: 1.5 }, false],
    [{ totalPackages: "5", chargeType: "Free" }, false],
    [{ totalPackages: "5", extra: 1 }, false],
  ])("body %j parses: %s", (body, ok) => expect(bolBodySchema.safeParse(body).success).toBe(ok));
});

describe("signature data URL", () => {
  it("accepts a PNG", () => expect(parsePngDataUrl(`data:image/png;base64,${b64(PNG)}`)).toEqual({ ok: true, bytes: PNG }));
  it.each([
    ["not a data URL", "https://x/sig.png"],
    ["another type", `data:image/jpeg;base64,${b64(PNG)}`],
    ["SVG", "data:image/svg+xml;base64,PHN2Zz4="],
    ["bytes that are not PNG", `data:image/png;base64,${btoa("<html>")}`],
    ["bad base64", "data:image/png;base64,@@@"],
    ["over the limit", `data:image/png;base64,${"A".repeat(Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 8)}`],
  ])("refuses %s", (_name, value) => expect(parsePngDataUrl(value).ok).toBe(false));
});

describe("active content in uploads", () => {
  const jpeg = bytes("\xff\xd8\xff\xe0", "JFIF data", "\xff\xd9");
  it.each([
    ["a clean JPEG", jpeg, "image/jpeg", null],
    ["a clean PNG", PNG, "image/png", null],
    ["a JPEG with <script>", bytes(jpeg, "<SCRIPT>alert(1)</SCRIPT>"), "image/jpeg", /HTML or script/],
    ["a GIF with <html>", bytes("GIF89a", "<html><body>"), "image/gif", /HTML or script/],
    ["a PNG with <?php", bytes(PNG, "<?php echo 1; ?>"), "image/png", /HTML or script/],
    ["a PNG with a ZIP directory", bytes(PNG, "PK\x05\x06", new Uint8Array(18)), "image/png", /archive/],
    ["a clean PDF", bytes("%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n%%EOF"), "application/pdf", null],
    ["a PDF with /JavaScript", bytes("%PDF-1.7\n<< /S /JavaScript /JS (x) >>"), "application/pdf", /scripts/],
    ["a PDF with /Launch", bytes("%PDF-1.7\n<< /S /Launch /F (cmd.exe) >>"), "application/pdf", /scripts/],
    ["a PDF with an embedded file", bytes("%PDF-1.7\n<< /Type /EmbeddedFile >>"), "application/pdf", /scripts/],
    ["a PDF whose names only start like a marker (/JSX)", bytes("%PDF-1.7\n<< /JSX 1 >>"), "application/pdf", null],
    ["a PDF that is also HTML", bytes("%PDF-1.7\n<html><script>x</script>"), "application/pdf", /HTML or script/],
  ] as const)("%s", (_name, data, type, expected) => {
    const reason = activeContentReason(data, type);
    if (expected === null) expect(reason).toBeNull();
    else expect(reason).toMatch(expected);
  });
});

describe("Will Call", () => {
  it("titles the document 'WILL CALL - {orderNumber}'", () => expect(willCallTitle("SO-1")).toBe("WILL CALL - SO-1"));
  it.each([["Will Call", true], ["will call ", true], ["Freight", false], [null, false]])("%s is a Will Call order: %s", (t, e) => expect(isWillCall(t)).toBe(e));
});

describe("pick list messages (spec 001 §8)", () => {
  it.each([
    [400, "no email recipients", 'Email not sent: No "To" recipients are configured for this warehouse. Please set recipients in Admin → Email Routing.'],
    [409, "Release Order already emailed", "Failed to send email"],
    [502, "Failed to send email", "Failed to send email"],
    [400, "Invalid input", "Failed to send email"],
    [403, "You do not have permission to print pick lists.", "You do not have permission to print pick lists."],
  ])("email %i '%s' → %s", (status, error, expected) => expect(emailFailure(status, error)).toBe(expected));

  it.each([
    [403, "You do not have permission to print pick lists."],
    [404, "Error handling pick list. Please try again."],
    [500, "Error handling pick list. Please try again."],
  ])("generate %i → %s", (status, expected) => expect(pickListFailure(status)).toBe(expected));

  it.each([
    [{ hasReleaseOrder: false, emailedAt: null }, "not-generated"],
    [{ hasReleaseOrder: true, emailedAt: null }, "generated"],
    [{ hasReleaseOrder: true, emailedAt: "2025-06-18T00:00:00Z" }, "emailed"],
  ] as const)("%j is %s", (s, expected) => expect(pickListState(s)).toBe(expected));
});
