import { dynamicImportsOf, importGraph, staticImportsOf } from "../module-imports"

/** A build's modules as esbuild writes them: the island imports a chunk that imports it back, and loads a third later. */
const modules: Record<string, string> = {
  "/island.js": 'import{a as b}from"./chunk.js";import"./style.js";b(()=>import("./later.js"));',
  "/chunk.js": 'import{c}from"./island.js";export const a=c;',
  "/style.js": "document.head;",
  "/later.js": 'import"./style.js";export{};',
}
const read = (src: string) => {
  const code = modules[src]
  if (code === undefined) throw new Error(`no module ${src}`)
  return code
}

describe("the import graph of a build's module scripts", () => {
  it("holds what loads with a script, each module once, cycles included, and not what it loads later", async () => {
    expect([...(await importGraph(["/island.js"], read))].sort()).toEqual(["/chunk.js", "/island.js", "/style.js"])
  })

  it("holds everything a script can ever load when dynamic imports count too", async () => {
    const everything = await importGraph(["/island.js"], read, (code) => [
      ...staticImportsOf(code),
      ...dynamicImportsOf(code),
    ])
    expect([...everything].sort()).toEqual(["/chunk.js", "/island.js", "/later.js", "/style.js"])
  })

  it("reads each module once, through a reader that may be asynchronous", async () => {
    const reads: string[] = []
    const graph = await importGraph(["/island.js", "/chunk.js"], async (src) => (reads.push(src), read(src)))
    expect(graph.size).toBe(3)
    expect(reads.sort()).toEqual(["/chunk.js", "/island.js", "/style.js"])
  })
})
