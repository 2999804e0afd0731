/**
 * @jest-environment node
 */
import { groupCommit } from "../group-commit"

describe("groupCommit", () => {
  it("commits the writes of one turn of the event loop together, and later ones apart", async () => {
    const commits: number[][] = []
    const save = groupCommit<number>((items) => {
      commits.push(items)
      return items.map(() => undefined)
    })
    await Promise.all([save(1), save(2), save(3)])
    await save(4)
    expect(commits).toEqual([[1, 2, 3], [4]])
  })

  it("acknowledges a write only once its commit has run", async () => {
    const committed: number[] = []
    const save = groupCommit<number>((items) => {
      committed.push(...items)
      return items.map(() => undefined)
    })
    const saving = save(7)
    expect(committed).toEqual([])
    await saving
    expect(committed).toEqual([7])
  })

  it("rejects every write of a failed commit with its error, and keeps working after", async () => {
    let fail = true
    const save = groupCommit<string>((items) => {
      if (fail) throw new Error("disk full")
      return items.map(() => undefined)
    })
    const results = await Promise.allSettled([save("a"), save("b")])
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"])
    expect((results[0] as PromiseRejectedResult).reason).toEqual(new Error("disk full"))
    fail = false
    await expect(save("c")).resolves.toBeUndefined()
  })

  it("resolves each write with its own result", async () => {
    const double = groupCommit<number, number>((items) => items.map((item) => item * 2))
    expect(await Promise.all([double(1), double(2), double(5)])).toEqual([2, 4, 10])
  })
})
