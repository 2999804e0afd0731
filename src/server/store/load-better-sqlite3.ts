import type BetterSqlite3 from "better-sqlite3"
import { nativeRequire } from "../native-require"

/** Loads better-sqlite3, a native module, with Node's own require (see nativeRequire). */
export const loadBetterSqlite3 = (): typeof BetterSqlite3 => nativeRequire<typeof BetterSqlite3>("better-sqlite3")
