type Pending<T> = { item: T; resolve: () => void; reject: (error: unknown) => void }

/**
 * Gathers the writes that arrive within one turn of the event loop and hands
 * them to `commit` together, to be written in one transaction: one disk sync
 * then acknowledges a whole burst of sign-ups instead of one each. Every
 * caller's promise settles only after the commit that holds its item: it
 * resolves when the commit succeeded and rejects with its error when not,
 * so nothing is acknowledged before it is on disk.
 */
export function groupCommit<T>(commit: (items: T[]) => void): (item: T) => Promise<void> {
  let pending: Pending<T>[] = []
  const flush = () => {
    const batch = pending
    pending = []
    try {
      commit(batch.map(({ item }) => item))
    } catch (error) {
      batch.forEach(({ reject }) => reject(error))
      return
    }
    batch.forEach(({ resolve }) => resolve())
  }
  return (item) =>
    new Promise<void>((resolve, reject) => {
      if (pending.length === 0) setImmediate(flush)
      pending.push({ item, resolve, reject })
    })
}
