/**
 * Reads the bounce mailbox every BOUNCE_IMAP_POLL_SECONDS and handles each
 * new message as `npm run waitlist -- bounce` does, then flags it, so no
 * poll reads it again; one handled twice after a crash is still counted
 * once, by the store. Several instances may poll one mailbox.
 */
import { ImapFlow } from "imapflow"
import type { Db } from "../db/db"
import type { Logger } from "../observability/logger"
import type { BounceKind } from "../outbox/deliveries"
import type { Job } from "../scheduler"
import type { BounceMailboxSettings } from "../settings"
import { handleBounceMessage } from "./handle-bounce"
import { MAX_BOUNCE_BYTES } from "./read-bounce-report"

/** The keyword a processed message gets. */
export const PROCESSED = "$StorylingProcessed"

/** The most messages one poll reads, so a flood is worked through over several polls. */
const MAX_PER_POLL = 500

export type BounceMailboxOptions = {
  settings: BounceMailboxSettings
  db: Db
  bounceAddress: string | null
  log: Logger
  /** Hears of each bounce or complaint counted (the metrics count them). */
  onCounted?: (kind: BounceKind) => void
}

export class BounceMailbox {
  private failing = false
  private stopping = false
  /** The connection of the poll under way, closed when a stop's grace is over. */
  private client: ImapFlow | null = null

  constructor(private readonly options: BounceMailboxOptions) {}

  /**
   * The periodic job of reading the mailbox: a stop ends the poll under way
   * after the message it is handling; past its grace, its connection is
   * closed (a message handled but not yet flagged is read again later, and
   * counted once).
   */
  get job(): Job {
    return {
      name: "bounces: read the bounce mailbox",
      everyMs: this.options.settings.pollMs,
      run: () => this.poll(),
      finishSoon: () => void (this.stopping = true),
      abandon: () => void this.client?.close(),
    }
  }

  /** Whether the last poll could read the mailbox (true before the first). */
  readable(): boolean {
    return !this.failing
  }

  /** One poll, its failure logged once until a poll works again. */
  async poll(): Promise<void> {
    try {
      await this.readOnce()
      if (this.failing) this.options.log.info("bounces: the bounce mailbox can be read again")
      this.failing = false
    } catch (error) {
      if (this.stopping) return
      if (!this.failing)
        this.options.log.warn(
          { cause: (error as Error).message.slice(0, 200) },
          "bounces: cannot read the bounce mailbox, will try again",
        )
      this.failing = true
    }
  }

  /** Handles every message of the mailbox not processed yet; resolves with how many it read. */
  async readOnce(): Promise<number> {
    const url = new URL(this.options.settings.url)
    const secure = url.protocol === "imaps:"
    const client = new ImapFlow({
      host: url.hostname,
      port: Number(url.port) || (secure ? 993 : 143),
      secure,
      auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
      logger: false,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
    })
    // A connection that fails later is reported by the command that used it.
    client.on("error", () => {})
    this.client = client
    await client.connect()
    let read = 0
    try {
      const lock = await client.getMailboxLock(decodeURIComponent(url.pathname.slice(1)) || "INBOX")
      try {
        const keywords = client.mailbox !== false && client.mailbox.permanentFlags?.has("\\*")
        const uids = (await client.search(keywords ? { unKeyword: PROCESSED } : { seen: false }, { uid: true })) || []
        for (const uid of uids.slice(0, MAX_PER_POLL)) {
          if (this.stopping) break
          const { size = 0 } = (await client.fetchOne(String(uid), { size: true }, { uid: true })) || {}
          let line = `not read: it is larger than ${MAX_BOUNCE_BYTES / 1024} KB, and no bounce of ours is`
          if (size <= MAX_BOUNCE_BYTES) {
            const message = await client.fetchOne(String(uid), { source: true }, { uid: true })
            const source = message ? message.source : undefined
            if (source) {
              const handled = await handleBounceMessage(source, this.options.db, this.options.bounceAddress, new Date())
              line = handled.line
              if (handled.counted) this.options.onCounted?.(handled.counted)
            }
          }
          await client.messageFlagsAdd(String(uid), keywords ? [PROCESSED, "\\Seen"] : ["\\Seen"], { uid: true })
          this.options.log.info(
            { messageUid: uid, outcome: line },
            "bounces: a message of the bounce mailbox was handled",
          )
          read += 1
        }
      } finally {
        lock.release()
      }
    } finally {
      await client.logout().catch(() => client.close())
      this.client = null
    }
    return read
  }
}
