import { simpleParser, type ParsedMail } from "mailparser"
import { SMTPServer } from "smtp-server"
import { freePort } from "./free-port"

/** A mail the test SMTP server took, parsed, with the envelope it came in. */
export type ReceivedMail = { parsed: ParsedMail; raw: string; envelopeTo: string[]; envelopeFrom: string }

/** How the server answers a mail: takes it, or refuses it with an SMTP reply code. */
export type SmtpMood = "accept" | { refuse: number }

/**
 * A real SMTP server on 127.0.0.1 for tests (the `smtp-server` package):
 * it takes every mail (no TLS, no login) and keeps it parsed, or refuses
 * them with a chosen code; it refuses the recipients of `unknown` at RCPT
 * TO with `550 5.1.1`, as a server with no such mailbox does; it can go
 * down and come back on the same port.
 */
export class SmtpTestServer {
  readonly mails: ReceivedMail[] = []
  mood: SmtpMood = "accept"
  /** Recipients refused as unknown mailboxes. */
  readonly unknown = new Set<string>()
  /** The password a login must give, when the server asks for one (see `up`'s `requireLogin`); any other is refused with 535. */
  static readonly PASSWORD = "the-right-password"
  /** Runs once a mail is kept and before the sender hears it was taken (a test kills the sender there, as a crash would). */
  beforeAnswer: ((mail: ReceivedMail) => Promise<void>) | null = null
  /** When each transaction began (MAIL FROM), refused ones included, in ms since 1970. */
  readonly transactionTimes: number[] = []
  /** The same, for the transactions that were not the first of their connection (whose setup delays the first). */
  readonly reusedTransactionTimes: number[] = []
  private readonly fresh = new Set<string>()
  private server: SMTPServer | null = null
  private waiting: (() => void)[] = []

  private constructor(
    readonly port: number,
    private readonly requireLogin = false,
  ) {}

  /** A server on a free port; with `requireLogin`, one that takes mail only after a login with PASSWORD (over plain SMTP, as a test may). */
  static async start({ requireLogin = false } = {}): Promise<SmtpTestServer> {
    const smtp = new SmtpTestServer(await freePort(), requireLogin)
    await smtp.up()
    return smtp
  }

  /** The SMTP_URL of the server. */
  get url(): string {
    return `smtp://127.0.0.1:${this.port}`
  }

  /** Starts listening (again). */
  async up(): Promise<void> {
    const server = new SMTPServer({
      authOptional: !this.requireLogin,
      allowInsecureAuth: this.requireLogin,
      disabledCommands: this.requireLogin ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
      onAuth: (auth, _session, callback) =>
        auth.password === SmtpTestServer.PASSWORD
          ? callback(null, { user: auth.username })
          : callback(Object.assign(new Error("5.7.8 Authentication credentials invalid"), { responseCode: 535 })),
      logger: false,
      onConnect: (session, callback) => {
        this.fresh.add(session.id)
        callback()
      },
      onMailFrom: (_address, session, callback) => {
        this.transactionTimes.push(Date.now())
        if (!this.fresh.delete(session.id)) this.reusedTransactionTimes.push(Date.now())
        callback()
      },
      onRcptTo: (address, _session, callback) => {
        if (!this.unknown.has(address.address)) return callback()
        callback(
          Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`), {
            responseCode: 550,
          }),
        )
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = []
        stream.on("data", (chunk: Buffer) => chunks.push(chunk))
        stream.on("end", () => {
          const mood = this.mood
          if (mood !== "accept") {
            const error = Object.assign(new Error(`refused for the test (${mood.refuse})`), {
              responseCode: mood.refuse,
            })
            return callback(error)
          }
          const raw = Buffer.concat(chunks).toString("utf8")
          void simpleParser(raw).then((parsed) => {
            const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : ""
            const mail = { parsed, raw, envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), envelopeFrom }
            this.mails.push(mail)
            this.waiting.splice(0).forEach((wake) => wake())
            void (this.beforeAnswer?.(mail) ?? Promise.resolve()).then(() => callback())
          })
        })
      },
    })
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject)
      server.listen(this.port, "127.0.0.1", () => resolve())
    })
    // A client killed mid-session (the tests' SIGKILLs) resets its connections: each is an "error" of the server, which must not end the test.
    server.on("error", () => {})
    this.server = server
  }

  /** Stops listening: a connection is refused, as when the mail server is down. */
  async down(): Promise<void> {
    const server = this.server
    this.server = null
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  /** Resolves with the mails once `count` have arrived in all; rejects after `timeoutMs`. */
  async waitForMails(count: number, timeoutMs = 15_000): Promise<ReceivedMail[]> {
    const giveUp = Date.now() + timeoutMs
    while (this.mails.length < count) {
      const left = giveUp - Date.now()
      if (left <= 0) throw new Error(`expected ${count} mails, got ${this.mails.length} in ${timeoutMs} ms`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.waiting.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
    return this.mails
  }

  /** The mails sent to this address. */
  to(address: string): ReceivedMail[] {
    return this.mails.filter((mail) => mail.envelopeTo.includes(address))
  }
}
