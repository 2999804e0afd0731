import type BetterSqlite3 from "better-sqlite3"

declare const __non_webpack_require__: NodeRequire | undefined

/**
 * Loads better-sqlite3, a native module, at run time with Node's own require.
 * Inside a Gatsby Function the code is bundled by webpack, which cannot
 * bundle a `.node` binary: there `__non_webpack_require__` is Node's require.
 * Elsewhere (the CLI, the tests) the module's own require is reached through
 * `eval`, so that webpack does not see a second, bundled copy.
 */
export function loadBetterSqlite3(): typeof BetterSqlite3 {
  const nodeRequire: NodeRequire =
    typeof __non_webpack_require__ === "function" ? __non_webpack_require__ : (eval("require") as NodeRequire)
  return nodeRequire("better-sqlite3") as typeof BetterSqlite3
}
