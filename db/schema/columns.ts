// The column helpers every table of db/schema/ is built from (ids, timestamps, versions, JSON lists,
// booleans), and the JSON shapes more than one area stores.
import { sql } from "drizzle-orm";
import { integer, text } from "drizzle-orm/sqlite-core";

export const id = () => integer("id").primaryKey({ autoIncrement: true });
export const createdAt = () => text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);
export const updatedAt = () => text("updated_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);
export const version = () => integer("version").notNull().default(1);
export const jsonList = <T = string>(name: string) => text(name, { mode: "json" }).$type<T[]>().notNull().default(sql`'[]'`);
export const bool = (name: string) => integer(name, { mode: "boolean" });

export type Address = { street: string; street2?: string; city: string; state: string; zip?: string; postalCode?: string };
