// CSV writing, table by table: RFC 4180 quoting, the spreadsheet formula guard, numbers, money, lists and the
// dated file name every export uses.
import { describe, expect, it } from "vitest";
import { csvCell, csvFilename, csvLine, csvList, csvMoney } from "~/lib/csv";

describe("a cell", () => {
  const cases: [input: Parameters<typeof csvCell>[0], out: string][] = [
    ["plain", "plain"],
    ["", ""],
    [null, ""],
    [undefined, ""],
    [42, "42"],
    [-3, "-3"], // a number is a number, never a formula
    [12.5, "12.5"],
    [Number.NaN, ""],
    [true, "true"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["cr\rhere", '"cr\rhere"'],
    ["crlf\r\nend", '"crlf\r\nend"'],
    [" spaced ", " spaced "],
    ["Café 東京", "Café 東京"],
    // Formula injection (OWASP's list): a leading apostrophe makes the spreadsheet show it as text.
    ["=1+1", "'=1+1"],
    ["+1 555 0100", "'+1 555 0100"],
    ["-2", "'-2"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\tTAB", "'\tTAB"],
    ["\rCR", "\"'\rCR\""],
    ['=HYPERLINK("http://x","click")', `"'=HYPERLINK(""http://x"",""click"")"`],
    ["a=b", "a=b"], // only a leading character counts
    ["'already", "'already"],
  ];
  it.each(cases)("%j → %j", (input, out) => expect(csvCell(input)).toBe(out));
});

describe("a line", () => {
  it("joins the cells with commas and ends with CRLF", () => {
    expect(csvLine(["a", 1, null, "b,c"])).toBe('a,1,,"b,c"\r\n');
  });
  it("keeps an empty record one empty cell per column", () => {
    expect(csvLine(["", "", ""])).toBe(",,\r\n");
  });
});

describe("money, lists and file names", () => {
  const money: [number | null | undefined, number | null][] = [
    [0, 0],
    [123456, 1234.56],
    [5, 0.05],
    [1999, 19.99],
    [-250, -2.5],
    [null, null],
    [undefined, null],
  ];
  it.each(money)("%j cents → %j", (cents, out) => expect(csvMoney(cents)).toBe(out));

  it("joins a list with '; ' and drops blanks", () => {
    expect(csvList(["Kevin Chen", "", "  ", "Team A"])).toBe("Kevin Chen; Team A");
    expect(csvList(null)).toBe("");
  });

  const names: [string, string][] = [
    ["orders", "orders-2025-06-18.csv"],
    ["stock-transfer-reports", "stock-transfer-reports-2025-06-18.csv"],
    ['bad"name/..', "bad-name-2025-06-18.csv"],
    ["", "export-2025-06-18.csv"],
  ];
  it.each(names)("%j → %j (the UTC day)", (base, out) => expect(csvFilename(base, new Date("2025-06-18T23:59:00Z"))).toBe(out));
});
