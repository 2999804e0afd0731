type Pending<T, R> = { item: T; resolve: (result: R) => void; reject: (error: unknown) => void }

/**
 * Gathers the writes that arrive while a commit runs into the next one, so
 * one disk sync acknowledges a burst of sign-ups. Each caller's promise
 * settles only after the commit that holds its item, with its result or
 * the commit's error: nothing is acknowledged before it is on disk.
 */
export function groupCommit<T, R = void>(commit: (items: T[]) => R[] | Promise<R[]>): (item: T) => Promise<R> {
  let pending: Pending<T, R>[] = []
  let committing = false
  let scheduled = false

  const flush = async () => {
    scheduled = false
    if (committing || pending.length === 0) return
    const batch = pending
    pending = []
    committing = true
    try {
      const results = await commit(batch.map(({ item }) => item))
      batch.forEach(({ resolve }, index) => resolve(results[index] as R))
    } catch (error) {
      batch.forEach(({ reject }) => reject(error))
    } finally {
      committing = false
      // What arrived meanwhile goes in the next commit, at once.
      if (pending.length > 0) void flush()
    }
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      pending.push({ item, resolve, reject })
      if (!committing && !scheduled) {
        scheduled = true
        setImmediate(() => void flush())
      }
    })
}
