/**
 * The waitlist's limit for the benchmark: the same SQLite insert as ours
 * (the same store class, so the same SQL and pragmas) behind a bare
 * node:http server with no framework, no validation and no rate limit.
 * Usage: tsx bench/lib/limit-waitlist-server.ts PORT DB_FILE
 */
import http from "http"
import { SqliteWaitlistStore } from "../../src/server/waitlist/sqlite-store"

const [port, file] = process.argv.slice(2)
if (!port || !file) throw new Error("usage: limit-waitlist-server.ts PORT DB_FILE")
const store = new SqliteWaitlistStore(file)

http
  .createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      let entry
      try {
        entry = JSON.parse(Buffer.concat(chunks).toString("utf8"))
      } catch {
        res.writeHead(400).end()
        return
      }
      const { name, email, message, metadata } = entry
      store.save({ name, email, message, metadata }).then(
        () => res.writeHead(201, { "Content-Type": "application/json" }).end('{"ok":true}'),
        () => res.writeHead(503).end(),
      )
    })
  })
  .listen(Number(port), "127.0.0.1", () => console.log(`limit waitlist on ${port}`))
