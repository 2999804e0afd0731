declare const __non_webpack_require__: NodeRequire | undefined

/**
 * Loads a package with a native binary (better-sqlite3, @node-rs/argon2)
 * at run time with Node's own require. Inside a Gatsby Function the code is
 * bundled by webpack, which cannot bundle a `.node` binary: there
 * `__non_webpack_require__` is Node's require. Elsewhere (the compiled
 * server and CLIs, the tests) the module's own require is reached through
 * `eval`, so that webpack does not see a second, bundled copy.
 */
export function nativeRequire<T>(name: string): T {
  const nodeRequire: NodeRequire = typeof __non_webpack_require__ === "function" ? __non_webpack_require__ : (eval("require") as NodeRequire)
  return nodeRequire(name) as T
}
