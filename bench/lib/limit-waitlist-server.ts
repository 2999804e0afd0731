/**
 * The waitlist's limit for the benchmark: a bare node:http server that
 * writes each entry and its message with better-sqlite3 alone, on a file
 * with our schema and pragmas (made by our store, then closed), the writes
 * of one turn of the event loop in one transaction as ours are. No
 * framework, no query builder, no validation, no rate limit, no mail.
 * Usage: tsx bench/lib/limit-waitlist-server.ts PORT DB_FILE
 */
import http from "http"
import { WaitlistDatabase } from "../../src/server/store/waitlist-database"
import { loadBetterSqlite3 } from "../../src/server/store/load-better-sqlite3"
import { emailKey, storedEmail } from "../../src/server/waitlist/email-identity"

const [port, file] = process.argv.slice(2)
if (!port || !file) throw new Error("usage: limit-waitlist-server.ts PORT DB_FILE")

type Entry = { name: string; email: string; message: string; metadata: unknown }

async function main(file: string, port: number) {
  const schema = new WaitlistDatabase({ kind: "sqlite", file })
  await schema.count()
  await schema.close()
  const db = new (loadBetterSqlite3())(file, { timeout: 5000 })
  db.pragma("journal_mode = WAL")
  db.pragma("synchronous = FULL")
  db.pragma("foreign_keys = ON")
  const upsert = db.prepare(`INSERT INTO waitlist_entries (name, email, email_key, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (email_key) DO UPDATE SET updated_at = excluded.updated_at RETURNING id`)
  const addMessage = db.prepare("INSERT INTO waitlist_messages (entry_id, name, message, metadata, submitted_at) VALUES (?, ?, ?, ?, ?)")
  let batch: { entry: Entry; done: (ok: boolean) => void }[] = []
  const commit = db.transaction((entries: Entry[]) => {
    const now = new Date().toISOString()
    for (const { name, email, message, metadata } of entries) {
      const { id } = upsert.get(name, storedEmail(email), emailKey(email), now, now) as { id: number }
      addMessage.run(id, name, message, JSON.stringify(metadata), now)
    }
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
        batch.push({ entry, done: (ok) => (ok ? res.writeHead(201, { "Content-Type": "application/json" }).end('{"ok":true}') : res.writeHead(503).end()) })
      })
    })
    .listen(port, "127.0.0.1", () => console.log(`limit waitlist on ${port}`))
}

void main(file, Number(port))
