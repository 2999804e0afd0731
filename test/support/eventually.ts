const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls until `check` passes or the time is up, then checks once more for the error to show. */
export async function eventually(check: () => Promise<void> | void, timeoutMs = 15_000): Promise<void> {
  const giveUp = Date.now() + timeoutMs
  for (;;) {
    try {
      return await check()
    } catch (error) {
      if (Date.now() > giveUp) throw error
      await pause(100)
    }
  }
}
