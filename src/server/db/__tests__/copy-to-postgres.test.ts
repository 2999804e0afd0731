/**
 * @jest-environment node
 *
 * `npm run waitlist -- copy-to <URL>` on a real SQLite file and a real
 * PostgreSQL: the upgrade fixture and a waitlist holding every kind of
 * row, copied whole, links and keys included; a target that is not empty
 * refused, unchanged.
 */
import fs from "fs"
import os from "os"
import path from "path"
import { Client } from "pg"
import { seedEveryKindOfRow } from "../../../../test/support/every-kind-of-row"
import { startPostgresServer, type PostgresServer } from "../../../../test/support/postgres-server"
import { tableRows } from "../../../../test/support/visit-tables"
import { addressHash } from "../../addresses/address-hash"
import { runWaitlistCommand } from "../../cli/waitlist-commands"
import { deliveriesIn } from "../../outbox/outbox-queries"
import type { StoreSettings } from "../../settings"
import { countEntries, listEntries } from "../../entries/entry-list"
import { linkTokenKey } from "../../entries/link-tokens"
import { canLeave, confirmationState } from "../../signup/links"
import { submitSignup } from "../../signup/sign-up"
import { NOTHING_TO_DELIVER } from "../../signup/confirmation-rules"
import { COPY_ORDER } from "../copy-to-postgres"
import { openDb, type Db } from "../db"

const FIXTURE = path.join(__dirname, "..", "..", "..", "..", "test", "fixtures", "waitlist-c2f33d8")
const NOW = new Date("2026-11-20T10:00:00.000Z")

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "copy-to-"))
let postgres: PostgresServer
let made = 0
const opened: Db[] = []
beforeAll(async () => {
  postgres = await startPostgresServer()
}, 60_000)
afterAll(async () => {
  await Promise.all(opened.map((db) => db.close()))
  await postgres?.stop()
  fs.rmSync(dir, { recursive: true, force: true })
}, 60_000)

const open = (store: StoreSettings) => {
  const db = openDb(store)
  opened.push(db)
  return db
}
const newSqlite = (): StoreSettings & { kind: "sqlite" } => ({
  kind: "sqlite",
  file: path.join(dir, `waitlist-${(made += 1)}.sqlite`),
})

/** Runs `npm run waitlist -- copy-to <url>` on the SQLite store, in this process; returns what it printed and its exit code. */
async function copyTo(source: StoreSettings & { kind: "sqlite" }, url: string) {
  let stdout = ""
  let stderr = ""
  const code = await runWaitlistCommand(["copy-to", url], {
    openDb: () => openDb(source),
    store: source,
    out: (text) => void (stdout += text),
    err: (text) => void (stderr += text),
  })
  return { code, stdout, stderr }
}

/** Every row of every table, each value as text (times as ISO 8601, numbers as digits), in a stable order: what two stores must hold alike. */
async function everyRow(settings: Record<string, string>): Promise<Record<string, string[]>> {
  const text = (value: unknown) => (value === null ? null : value instanceof Date ? value.toISOString() : String(value))
  const all: Record<string, string[]> = {}
  for (const table of COPY_ORDER) {
    const rows = await tableRows(settings, table)
    all[table] = rows
      .map((row) =>
        JSON.stringify(
          Object.fromEntries(
            Object.entries(row)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([key, value]) => [key, text(value)]),
          ),
        ),
      )
      .sort()
  }
  return all
}
const settingsOf = (store: StoreSettings): Record<string, string> =>
  store.kind === "sqlite" ? { WAITLIST_DB_PATH: store.file } : { DATABASE_URL: store.url }

/** The tables of a database, as it lists them (neither Kysely's record of migrations nor SQLite's own). */
async function tablesOf(store: StoreSettings): Promise<string[]> {
  if (store.kind === "sqlite") {
    const rows = await tableRows({ WAITLIST_DB_PATH: store.file }, "sqlite_master")
    return rows
      .filter((row) => row.type === "table" && !/^(sqlite_|kysely_)/.test(String(row.name)))
      .map((row) => String(row.name))
      .sort()
  }
  const client = new Client({ connectionString: store.url })
  await client.connect()
  try {
    const { rows } = await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name NOT LIKE 'kysely_%'",
    )
    return rows.map((row) => row.name).sort()
  } finally {
    await client.end()
  }
}

describe("copy-to", () => {
  it.each(["sqlite", "postgres"] as const)(
    "knows every table a database brought up to date holds, on %s (a new table fails here until copy-to copies it)",
    async (kind) => {
      const store: StoreSettings =
        kind === "sqlite" ? newSqlite() : { kind: "postgres", url: await postgres.createDatabase() }
      await countEntries(open(store))
      expect(await tablesOf(store)).toEqual([...COPY_ORDER].sort())
    },
  )

  it("copies a waitlist holding every kind of row, and says what it copied: the rows, the keys, the ids' sequences, the mail waiting", async () => {
    const source = newSqlite()
    const sqlite = open(source)
    const links = await seedEveryKindOfRow(sqlite, NOW)
    const before = await everyRow(settingsOf(source))
    expect(
      Object.entries(before)
        .filter(([, rows]) => rows.length === 0)
        .map(([table]) => table),
    ).toEqual([])
    const waiting = (await deliveriesIn(sqlite, ["pending", "paused"])).length
    expect(waiting).toBeGreaterThan(0)

    const url = await postgres.createDatabase()
    const copied = await copyTo(source, url)
    expect(copied).toMatchObject({ code: 0, stderr: "" })
    const lines = copied.stdout.split("\n")
    expect(lines[0]).toMatch(
      new RegExp(
        `^Copied the SQLite waitlist at ${source.file} into PostgreSQL at 127\\.0\\.0\\.1:\\d+/\\w+: \\d+ rows in ${COPY_ORDER.length} tables\\.$`,
      ),
    )
    for (const table of COPY_ORDER)
      expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^  ${table} +${before[table]?.length}$`)))
    expect(copied.stdout).toContain(
      `${waiting} deliveries wait in the outbox: the first server started on PostgreSQL sends them, once.`,
    )
    expect(copied.stdout).not.toContain(new URL(url).password || "never")

    const target: StoreSettings = { kind: "postgres", url }
    expect(await everyRow(settingsOf(target))).toEqual(before)
    const pg = open(target)
    // The database's own keys moved: the keyed hashes, and so the links mailed before, are the same.
    expect(await pg.read(async () => addressHash(pg, "ana@example.com"))).toBe(
      await sqlite.read(async () => addressHash(sqlite, "ana@example.com")),
    )
    expect(await confirmationState(pg, linkTokenKey(links.sent.confirmToken), NOW)).toBe("pending")
    expect(await canLeave(pg, linkTokenKey(links.waiting.leaveToken))).toBe(true)
    // PostgreSQL numbers the next rows after the copied ones.
    const ids = () =>
      pg.read(async (on) =>
        (await on.selectFrom("waitlist_entries").select(["id", "email"]).orderBy("id").execute()).map(
          ({ id, email }) => ({ id: Number(id), email }),
        ),
      )
    const lastId = Math.max(...(await ids()).map(({ id }) => id))
    await submitSignup(pg, {
      entry: { name: "New", email: "new@example.com", message: "", metadata: {} },
      discard: false,
      rateLimit: null,
      plan: NOTHING_TO_DELIVER,
      now: NOW,
    })
    expect((await ids()).at(-1)).toEqual({ id: lastId + 1, email: "new@example.com" })
  }, 30_000)

  it("copies the upgrade fixture (a waitlist written by c2f33d8) with its entries, histories and links", async () => {
    const source = newSqlite()
    fs.copyFileSync(path.join(FIXTURE, "waitlist.sqlite"), source.file)
    const sqlite = open(source)
    const entries = await listEntries(sqlite)
    expect(entries.length).toBeGreaterThan(0)
    const url = await postgres.createDatabase()
    expect(await copyTo(source, url)).toMatchObject({ code: 0, stderr: "" })
    const pg = open({ kind: "postgres", url })
    expect(await listEntries(pg)).toEqual(entries)
    expect(await everyRow({ DATABASE_URL: url })).toEqual(await everyRow({ WAITLIST_DB_PATH: source.file }))
    const links = JSON.parse(fs.readFileSync(path.join(FIXTURE, "links.json"), "utf8")) as {
      sqlite: Record<string, { confirmToken: string; leaveToken: string }>
    }
    for (const { confirmToken, leaveToken } of Object.values(links.sqlite)) {
      expect(await confirmationState(pg, linkTokenKey(confirmToken), NOW)).toBe(
        await confirmationState(sqlite, linkTokenKey(confirmToken), NOW),
      )
      expect(await canLeave(pg, linkTokenKey(leaveToken))).toBe(await canLeave(sqlite, linkTokenKey(leaveToken)))
    }
  }, 30_000)

  it("refuses a database that holds anything, naming what, and changes nothing; one the migrations alone wrote is empty", async () => {
    const source = newSqlite()
    await seedEveryKindOfRow(open(source), NOW)
    const url = await postgres.createDatabase()
    // A server started on it once, before anyone signed up, and stopped: only the migrations wrote.
    const once = openDb({ kind: "postgres", url })
    await countEntries(once)
    await once.close()
    expect((await copyTo(source, url)).code).toBe(0)
    const copied = await everyRow({ DATABASE_URL: url })
    const again = await copyTo(source, url)
    expect(again).toEqual({
      code: 1,
      stdout: "",
      stderr: expect.stringMatching(
        /^waitlist: the PostgreSQL database 127\.0\.0\.1:\d+\/\w+ is not empty \(admin_accounts, admin_audit, .*waitlist_entries.*\): copy-to copies into an empty database only/,
      ),
    })
    expect(await everyRow({ DATABASE_URL: url })).toEqual(copied)

    const other = await postgres.createDatabase()
    const client = new Client({ connectionString: other })
    await client.connect()
    await client.query("CREATE TABLE invoices (id integer); INSERT INTO invoices VALUES (1)")
    await client.end()
    expect(await copyTo(source, other)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("is not empty (invoices hold rows)"),
    })
    expect(await tablesOf({ kind: "postgres", url: other })).toEqual(["invoices"])
  }, 30_000)

  it("refuses a database a server is running on, and loses none of the sign-ups it takes while the copy tries", async () => {
    const source = newSqlite()
    await seedEveryKindOfRow(open(source), NOW)
    const url = await postgres.createDatabase()
    const server = open({ kind: "postgres", url })
    await countEntries(server)
    // Connected, and nothing signed up yet: refused all the same, the database left empty.
    expect(await copyTo(source, url)).toMatchObject({ code: 1, stderr: expect.stringContaining(" is in use (") })
    expect(await countEntries(server)).toBe(0)
    const signUps = Array.from({ length: 20 }, (_, n) =>
      submitSignup(server, {
        entry: { name: `Early ${n}`, email: `early${n}@example.com`, message: "", metadata: {} },
        discard: false,
        rateLimit: null,
        plan: NOTHING_TO_DELIVER,
        now: NOW,
      }),
    )
    const [copied] = await Promise.all([copyTo(source, url), ...signUps])
    expect(copied).toMatchObject({
      code: 1,
      // Refused for the server's connection, or for the sign-ups it took before the copy looked: never copied over them.
      stderr: expect.stringMatching(
        /^waitlist: the PostgreSQL database 127\.0\.0\.1:\d+\/\w+ is (in use \(\d+ other connections?: a server running on it\?\): stop every server using it|not empty)/,
      ),
    })
    expect((await listEntries(server)).map((entry) => entry.email).sort()).toEqual(
      Array.from({ length: 20 }, (_, n) => `early${n}@example.com`).sort(),
    )
  }, 30_000)

  it("copies only an SQLite file that exists, to a PostgreSQL URL", async () => {
    const missing = newSqlite()
    const url = await postgres.createDatabase()
    expect(await copyTo(missing, url)).toEqual({
      code: 1,
      stdout: "",
      stderr: `waitlist: there is no SQLite waitlist at ${missing.file}: set WAITLIST_DB_PATH to its file\n`,
    })
    expect(fs.existsSync(missing.file)).toBe(false)
    const wrong = await copyTo(newSqlite(), "mysql://root@localhost/waitlist")
    expect(wrong).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^waitlist: copy-to takes the URL of an empty PostgreSQL database/),
    })
    let stderr = ""
    const fromPostgres = await runWaitlistCommand(["copy-to", url], {
      openDb: () => open({ kind: "postgres", url }),
      store: { kind: "postgres", url },
      out: () => undefined,
      err: (text) => void (stderr += text),
    })
    expect({ fromPostgres, stderr }).toEqual({
      fromPostgres: 1,
      stderr: "waitlist: copy-to copies the SQLite waitlist of WAITLIST_DB_PATH: run it without DATABASE_URL set\n",
    })
  })
})
