/**
 * The bytes of request bodies the server holds at once, across every
 * request in flight. Each body may be small, but a thousand held open
 * together are not: past the budget, a request is refused (503) instead of
 * read, so no crowd of connections can grow the process's memory without
 * bound.
 */
export class InFlightBytes {
  private held = 0

  constructor(readonly budget: number) {}

  /** The bytes held now. */
  get inUse(): number {
    return this.held
  }

  /** Takes `bytes` from the budget; false, taking nothing, when they do not fit. */
  reserve(bytes: number): boolean {
    if (this.held + bytes > this.budget) return false
    this.held += bytes
    return true
  }

  /** Gives back bytes taken with `reserve`. */
  release(bytes: number): void {
    this.held = Math.max(0, this.held - bytes)
  }
}
