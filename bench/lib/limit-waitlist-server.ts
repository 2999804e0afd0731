/**
 * The waitlist's limits for the benchmark: a bare node:http server that
 * writes each sign-up with better-sqlite3 alone, on a file with our schema
 * and pragmas (made by our store, then closed), the writes of one turn of
 * the event loop in one transaction as ours are. No framework, no query
 * builder, no validation, no rate limit, no mail. `entry` writes the entry
 * and its message, the bare limit; `sign-up` writes every row ours writes
 * for a new address (the entry, its message, the team's mail, a leave
 * link's key and the confirmation mail, after looking the address up among
 * those who left and those suppressed), with keys and drafts made as bare
 * as they can be: the floor of the same durable work.
 * Usage: tsx bench/lib/limit-waitlist-server.ts PORT DB_FILE [entry|sign-up]
 */
import { createHmac } from "crypto"
import http from "http"
import BetterSqlite3 from "better-sqlite3"
import { openDb } from "../../src/server/db/db"
import { newMessageId } from "../../src/server/mails/message-id"
import { emailKey, storedEmail } from "../../src/server/addresses/email-identity"
import { linkTokenKey, newLinkToken } from "../../src/server/entries/link-tokens"
import { CONFIRMATION_TTL_MS } from "../../src/server/signup/confirmation-rules"
import { countEntries } from "../../src/server/entries/entry-list"

const [port, file, rows = "entry"] = process.argv.slice(2)
if (!port || !file || (rows !== "entry" && rows !== "sign-up"))
  throw new Error("usage: limit-waitlist-server.ts PORT DB_FILE [entry|sign-up]")

/** The site whose domain the drafts' Message-IDs take. */
const SITE_URL = "https://storyling.app"

type Entry = { name: string; email: string; message: string; metadata: unknown }

/** A link's token and the key the store keeps of it, as ours makes them. */
function linkToken(now: number) {
  const token = newLinkToken(now)
  return { token, key: linkTokenKey(token) }
}

async function main(file: string, port: number) {
  const schema = openDb({ kind: "sqlite", file })
  await countEntries(schema)
  await schema.close()
  const db = new BetterSqlite3(file, { timeout: 5000 })
  db.pragma("journal_mode = WAL")
  db.pragma("synchronous = FULL")
  db.pragma("foreign_keys = ON")
  const { value: leaverKey } = db.prepare("SELECT value FROM waitlist_secrets WHERE name = 'leaver_key'").get() as {
    value: string
  }
  const upsert =
    db.prepare(`INSERT INTO waitlist_entries (name, email, email_key, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (email_key) DO UPDATE SET updated_at = excluded.updated_at RETURNING id`)
  const addMessage = db.prepare(
    "INSERT INTO waitlist_messages (entry_id, name, message, metadata, submitted_at) VALUES (?, ?, ?, ?, ?)",
  )
  const upsertConfirming =
    db.prepare(`INSERT INTO waitlist_entries (name, email, email_key, created_at, updated_at, confirm_token_hash, confirm_expires_at, confirm_mails_sent, last_confirm_mail_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?) ON CONFLICT (email_key) DO UPDATE SET updated_at = excluded.updated_at RETURNING id`)
  const addMessageWithId = db.prepare(
    "INSERT INTO waitlist_messages (entry_id, name, message, metadata, submitted_at) VALUES (?, ?, ?, ?, ?) RETURNING id",
  )
  const leaver = db.prepare("DELETE FROM waitlist_leavers WHERE address_hash = ? RETURNING confirm_mails_sent")
  const suppressed = db.prepare("SELECT 1 FROM waitlist_suppressions WHERE address_hash = ? AND lifted_at IS NULL")
  const addLeaveToken = db.prepare("INSERT INTO waitlist_leave_tokens (token_hash, entry_id) VALUES (?, ?)")
  const queue = db.prepare(
    "INSERT INTO waitlist_outbox (entry_id, kind, recipient, payload, message_id, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  )

  const writeEntry = ({ name, email, message, metadata }: Entry, now: string) => {
    const { id } = upsert.get(name, storedEmail(email), emailKey(email), now, now) as { id: number }
    addMessage.run(id, name, message, JSON.stringify(metadata), now)
  }
  const writeSignUp = ({ name, email, message, metadata }: Entry, now: string) => {
    const at = Date.now()
    const confirm = linkToken(at)
    const leave = linkToken(at)
    const key = emailKey(email)
    const hash = createHmac("sha256", leaverKey).update(key).digest("hex")
    const { id } = upsertConfirming.get(
      name,
      storedEmail(email),
      key,
      now,
      now,
      confirm.key,
      new Date(at + CONFIRMATION_TTL_MS).toISOString(),
      now,
    ) as { id: number }
    leaver.get(hash)
    const { id: messageId } = addMessageWithId.get(id, name, message, JSON.stringify(metadata), now) as { id: number }
    queue.run(
      id,
      "notify",
      "team@example.com",
      JSON.stringify({ kind: "team", messageId: newMessageId(SITE_URL), email }),
      messageId,
      now,
      now,
    )
    if (suppressed.get(hash)) return
    addLeaveToken.run(leave.key, id)
    const draft = {
      kind: "confirmation",
      messageId: newMessageId(SITE_URL),
      name,
      lang: "en",
      confirmToken: confirm.token,
      leaveToken: leave.token,
    }
    queue.run(id, "confirm", email, JSON.stringify(draft), null, now, now)
  }
  const write = rows === "entry" ? writeEntry : writeSignUp

  let batch: { entry: Entry; done: (ok: boolean) => void }[] = []
  const commit = db.transaction((entries: Entry[]) => {
    const now = new Date().toISOString()
    for (const entry of entries) write(entry, now)
  })
  const flush = () => {
    const taken = batch
    batch = []
    let ok = true
    try {
      commit(taken.map(({ entry }) => entry))
    } catch {
      ok = false
    }
    for (const { done } of taken) done(ok)
  }
  http
    .createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on("data", (chunk: Buffer) => chunks.push(chunk))
      req.on("end", () => {
        let entry: Entry
        try {
          entry = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Entry
        } catch {
          res.writeHead(400).end()
          return
        }
        if (batch.length === 0) setImmediate(flush)
        batch.push({
          entry,
          done: (ok) =>
            ok
              ? res.writeHead(201, { "Content-Type": "application/json" }).end('{"ok":true}')
              : res.writeHead(503).end(),
        })
      })
    })
    .listen(port, "127.0.0.1", () => console.log(`limit waitlist (${rows}) on ${port}`))
}

void main(file, Number(port))
