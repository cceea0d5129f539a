// CSV reading, table by table: RFC 4180 quoting, line ends, the byte order mark, errors named by line, and a
// round trip of everything csvLine writes.
import { describe, expect, it } from "vitest";
import { CSV_BOM, csvLine, CsvSyntaxError, parseCsv } from "~/lib/csv";

describe("records", () => {
  const cases: [name: string, text: string, records: string[][]][] = [
    ["CRLF rows", "a,b\r\n1,2\r\n", [["a", "b"], ["1", "2"]]],
    ["LF rows", "a,b\n1,2\n", [["a", "b"], ["1", "2"]]],
    ["no final line break", "a,b\n1,2", [["a", "b"], ["1", "2"]]],
    ["a byte order mark", `${CSV_BOM}a,b\r\n`, [["a", "b"]]],
    ["empty cells", "a,,c\n,,\n", [["a", "", "c"], ["", "", ""]]],
    ["quoted commas", '"a,b",c\n', [["a,b", "c"]]],
    ["doubled quotes", '"say ""hi""",x\n', [['say "hi"', "x"]]],
    ["a quoted line break", '"one\r\ntwo",x\n', [["one\r\ntwo", "x"]]],
    ["a quoted empty last cell", 'a,""', [["a", ""]]],
    ["a blank line", "a\n\nb\n", [["a"], [""], ["b"]]],
    ["nothing", "", []],
    ["unicode", "Café,東京\n", [["Café", "東京"]]],
  ];
  it.each(cases)("%s", (_name, text, records) => expect(parseCsv(text)).toEqual(records));

  it("stops after maxRecords", () => {
    expect(parseCsv("a\nb\nc\nd\n", { maxRecords: 2 })).toEqual([["a"], ["b"]]);
  });
});

describe("errors name the line", () => {
  const cases: [name: string, text: string, line: number][] = [
    ["a quote inside an unquoted cell", 'a,b\nab"c,d\n', 2],
    ["an unclosed quote", 'a\nb\n"open,\nmore\n', 3],
    ["text after a closing quote", 'a\n"x"y,z\n', 2],
    ["a line after a quoted line break", 'a\n"one\ntwo",x\nbad"\n', 4],
  ];
  it.each(cases)("%s", (_name, text, line) => {
    let thrown: unknown;
    try {
      parseCsv(text);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(CsvSyntaxError);
    expect((thrown as CsvSyntaxError).line).toBe(line);
  });
});

it("reads back every line csvLine writes", () => {
  const rows = [
    ["plain", "a,b", 'q"uote', "line\nbreak", "", "Café"],
    ["=formula", "x", "", "", "  spaced  ", "-"],
  ];
  const text = CSV_BOM + rows.map((r) => csvLine(r)).join("");
  const back = parseCsv(text);
  expect(back[0]).toEqual(rows[0]);
  // The formula guard's apostrophe is part of the cell as written.
  expect(back[1]).toEqual(["'=formula", "x", "", "", "  spaced  ", "'-"]);
});
