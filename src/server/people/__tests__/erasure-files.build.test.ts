/**
 * @jest-environment node
 *
 * An erasure, tried as an attacker with the disk would check it: after a
 * person is erased through the admin's API or `npm run waitlist -- delete`
 * (while the production server runs), every file the site keeps data in
 * is read byte by byte: the SQLite file and its log, or PostgreSQL's data
 * folder after a checkpoint (its own log aside: see docs/operating.md), and
 * the folder of the mails written without SMTP_URL. Nothing of the person
 * (address, name, message) is left; a person not erased is found, so the
 * reading reaches where the data is.
 */
import fs from "fs"
import os from "os"
import path from "path"
import { Client } from "pg"
import { callAdmin, enrol, inviteWithCli } from "../../../../test/support/admin-client"
import { eventually } from "../../../../test/support/eventually"
import { usePostgresCluster } from "../../../../test/support/postgres-for-suite"
import { startSiteServer, type RunningSite } from "../../../../test/support/site-server-process"
import { compiledWaitlistCli } from "../../../../test/support/waitlist-cli"
import { entryFor, postJson } from "../../../../test/support/waitlist-api-client"

const cluster = usePostgresCluster()
const cli = compiledWaitlistCli()
beforeAll(() => cli.compile(), 120_000)
afterAll(() => cli.remove())

/** A person as they signed up: what of them could stay in a file. */
const person = (tag: string) => ({
  email: `zygmunt.${tag}@erasure.example`,
  name: `Zygmunt Qwerty ${tag}`,
  message: `Remember the violet giraffe ${tag}, and the sea.`,
})

/** Every file under these folders (or the files themselves), with its bytes. */
function filesUnder(places: string[]): { file: string; bytes: Buffer }[] {
  return places.flatMap((place) => {
    if (!fs.existsSync(place)) return []
    if (fs.statSync(place).isFile()) return [{ file: place, bytes: fs.readFileSync(place) }]
    return fs.readdirSync(place, { recursive: true, encoding: "utf8" }).flatMap((name) => {
      const file = path.join(place, name)
      return fs.existsSync(file) && fs.statSync(file).isFile() ? [{ file, bytes: fs.readFileSync(file) }] : []
    })
  })
}

/** The files holding any of these texts, as UTF-8 bytes. */
const holding = (files: { file: string; bytes: Buffer }[], texts: string[]) =>
  files.filter(({ bytes }) => texts.some((text) => bytes.includes(Buffer.from(text)))).map(({ file }) => file)

const stores = [
  {
    store: "SQLite",
    settings: async (dir: string) => ({ WAITLIST_DB_PATH: path.join(dir, "waitlist.sqlite") }),
    files: async (dir: string) =>
      filesUnder([
        path.join(dir, "waitlist.sqlite"),
        path.join(dir, "waitlist.sqlite-wal"),
        path.join(dir, "waitlist.sqlite-shm"),
      ]),
  },
  {
    store: "PostgreSQL",
    settings: async () => ({ DATABASE_URL: await cluster().createDatabase() }),
    files: async (_dir: string, settings: Record<string, string>) => {
      // What is in PostgreSQL's memory reaches its files at a checkpoint, as the red team made it.
      const client = new Client({ connectionString: settings.DATABASE_URL })
      await client.connect()
      await client.query("CHECKPOINT")
      await client.end()
      const data = cluster().dataDir
      return filesUnder(
        fs
          .readdirSync(data)
          .filter((name) => name !== "pg_wal")
          .map((name) => path.join(data, name)),
      )
    },
  },
]

describe.each(stores)("an erasure on the $store store", ({ settings: storeSettings, files }) => {
  let site: RunningSite
  let dir: string
  let settings: Record<string, string>
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "erasure-files-"))
    settings = {
      ...(await storeSettings(dir)),
      MAIL_OUTBOX_DIR: path.join(dir, "outbox"),
      WAITLIST_RATE_LIMIT: "0",
      WAITLIST_TRUST_PROXY: "1",
    }
    site = await startSiteServer(settings)
  }, 120_000)
  afterAll(async () => {
    await site?.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it("leaves no byte of the person in the store's files or the written mails, through the API and the command line alike", async () => {
    const [byApi, byCli, kept] = [person("api"), person("cli"), person("kept")]
    for (const one of [byApi, byCli, kept]) {
      expect((await postJson(site, entryFor(one.email, { name: one.name, message: one.message }))).status).toBe(201)
      // Twice: the history of messages and the team's second mail too.
      expect(
        (await postJson(site, entryFor(one.email, { name: one.name, message: `${one.message} Again.` }))).status,
      ).toBe(201)
    }
    const outbox = path.join(dir, "outbox")
    // The confirmation and the team's mail of each, written as files.
    await eventually(
      () =>
        expect(holding(filesUnder([outbox]), [byApi.email, byCli.email, kept.email]).length).toBeGreaterThanOrEqual(6),
      20_000,
    )

    const clock = new Date()
    const token = await inviteWithCli(settings, "legal@team.example", "legal", clock)
    const legal = await enrol(site, token, "legal@team.example", clock)
    const erased = await callAdmin(site, "DELETE", `people/${encodeURIComponent(byApi.email)}`, {
      cookie: legal.cookie,
      body: { confirm: byApi.email },
    })
    expect(erased).toMatchObject({ status: 200, body: { erased: true } })
    expect(await cli.run(["delete", byCli.email], settings)).toEqual({
      code: 0,
      stdout: `Removed 1 entry for ${byCli.email}\n`,
      stderr: "",
    })

    const everything = async () => [...(await files(dir, settings)), ...filesUnder([outbox])]
    const texts = (one: ReturnType<typeof person>) => [one.email, one.name, one.message]
    // Within a minute: the server's job rewrites the files for an erasure another process made.
    await eventually(
      async () => expect(holding(await everything(), [...texts(byApi), ...texts(byCli)])).toEqual([]),
      60_000,
    )
    // The person not erased is still found, in the store and in the mails.
    const found = holding(await everything(), [kept.email])
    expect(found.some((file) => file.startsWith(outbox))).toBe(true)
    expect(found.some((file) => !file.startsWith(outbox))).toBe(true)
  }, 120_000)
})
