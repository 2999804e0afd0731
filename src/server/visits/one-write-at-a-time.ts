/**
 * The writes of counts kept in memory (page views, store clicks), one at a
 * time: `flush` waits for the write under way, then writes what came since,
 * and resolves once it is written. The write itself never rejects (it logs
 * what it lost), so neither does `flush`.
 */
export class OneWriteAtATime {
  private writing: Promise<void> | null = null

  constructor(private readonly write: () => Promise<void>) {}

  /** Whether a write is under way. */
  get busy(): boolean {
    return this.writing !== null
  }

  async flush(): Promise<void> {
    while (this.writing) await this.writing
    this.writing = this.write().finally(() => (this.writing = null))
    await this.writing
  }
}
