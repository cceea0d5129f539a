// The schema and the seed by area (decision 034): db/schema.ts re-exports every table of db/schema/<area>.ts,
// so the app's drizzle() namespace and drizzle-kit see them all, and every file of db/ stays small.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";

const root = join(__dirname, "../..");
const MAX_LINES = 400;

/** Every area module of db/schema/, loaded as the app would load it. */
const areaModules = import.meta.glob<Record<string, unknown>>("../../db/schema/*.ts", { eager: true });

function tablesOf(module: Record<string, unknown>): [string, SQLiteTable][] {
  return Object.entries(module).filter((entry): entry is [string, SQLiteTable] => is(entry[1], SQLiteTable));
}

describe("db/schema.ts is the one namespace of every table", () => {
  it("holds every table an area file defines, under the same export name (drizzle-kit reads only this entry: a table left out would get no migration)", () => {
    const missing = Object.entries(areaModules).flatMap(([file, module]) =>
      tablesOf(module)
        .filter(([name, table]) => (schema as Record<string, unknown>)[name] !== table)
        .map(([name]) => `${file}: ${name}`),
    );
    expect(Object.keys(areaModules).length).toBeGreaterThan(1);
    expect(missing).toEqual([]);
  });

  it("exports nothing but tables at run time, so drizzle() gets the same schema it had before the split", () => {
    const others = Object.entries(schema).filter(([, value]) => !is(value, SQLiteTable)).map(([name]) => name);
    expect(others).toEqual([]);
  });

  it("gives each SQL table one definition", () => {
    const names = Object.values(areaModules).flatMap((module) => tablesOf(module).map(([, table]) => getTableConfig(table).name));
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    expect(Object.keys(schema).length).toBe(names.length);
  });
});

describe("the files of db/ stay small and say what they hold", () => {
  const files = ["db", "db/schema", "db/seed"].flatMap((dir) =>
    readdirSync(join(root, dir))
      .filter((name) => name.endsWith(".ts"))
      .map((name) => `${dir}/${name}`),
  );

  it.each(files)("%s is under the line budget and opens with a comment line", (file) => {
    const text = readFileSync(join(root, file), "utf8");
    expect(text.split("\n").length).toBeLessThanOrEqual(MAX_LINES);
    expect(text.startsWith("// ")).toBe(true);
  });
});
