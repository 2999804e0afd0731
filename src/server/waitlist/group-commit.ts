type Pending<T, R> = { item: T; resolve: (result: R) => void; reject: (error: unknown) => void }

/**
 * Gathers the writes that arrive within one turn of the event loop and hands
 * them to `commit` together, to be written in one transaction: one disk sync
 * then acknowledges a whole burst of sign-ups instead of one each. `commit`
 * returns one result per item, in order. Every caller's promise settles only
 * after the commit that holds its item: it resolves with the item's result
 * when the commit succeeded and rejects with its error when not, so nothing
 * is acknowledged before it is on disk.
 */
export function groupCommit<T, R = void>(commit: (items: T[]) => R[]): (item: T) => Promise<R> {
  let pending: Pending<T, R>[] = []
  const flush = () => {
    const batch = pending
    pending = []
    let results: R[]
    try {
      results = commit(batch.map(({ item }) => item))
    } catch (error) {
      batch.forEach(({ reject }) => reject(error))
      return
    }
    batch.forEach(({ resolve }, index) => resolve(results[index] as R))
  }
  return (item) =>
    new Promise<R>((resolve, reject) => {
      if (pending.length === 0) setImmediate(flush)
      pending.push({ item, resolve, reject })
    })
}
