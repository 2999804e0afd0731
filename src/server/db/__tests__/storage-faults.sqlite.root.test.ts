/**
 * @jest-environment node
 */
import fs from "fs"
import path from "path"
import BetterSqlite3 from "better-sqlite3"
import { ensureProductionBuild } from "../../../../test/support/production-build"
import { rawRequest, type RawAnswer } from "../../../../test/support/raw-http"
import { recordFigures } from "../../../../test/support/reliability-figures"
import { startSiteServer, type RunningSite } from "../../../../test/support/site-server-process"
import { fillUp, mountTmpfs, type TmpfsMount } from "../../../../test/support/tmpfs-mount"
import { entryFor, storedEntries } from "../../../../test/support/waitlist-api-client"

const figures = recordFigures("storage-faults", "SQLite")

beforeAll(() => ensureProductionBuild(), 10 * 60_000)

const submit = (site: RunningSite, email: string, message = "Hola") =>
  rawRequest(site.url, {
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(entryFor(email, { message })),
  })

const page = async (site: RunningSite) => (await rawRequest(site.url, { method: "GET", path: "/" })).status

/** A 503 with a JSON error and a Retry-After, as the API answers an unavailable store. */
const isUnavailable = (answer: RawAnswer) =>
  answer.status === 503 &&
  /^application\/json\b/.test(answer.headers["content-type"] ?? "") &&
  typeof (JSON.parse(answer.text) as { error?: unknown }).error === "string" &&
  answer.headers["retry-after"] !== undefined

describe("the waitlist on a storage that fails, with the SQLite store", () => {
  let disk: TmpfsMount | undefined
  let site: RunningSite | undefined
  afterEach(async () => {
    await site?.stop()
    await disk?.unmount()
    site = disk = undefined
  })

  it("answers 503 with the cause logged on a full disk, keeps serving pages, and takes entries again once space is freed", async () => {
    disk = await mountTmpfs(1024)
    // Without the free-space floor, so that SQLite itself meets the full disk.
    const settings = {
      WAITLIST_DB_PATH: path.join(disk.dir, "waitlist.sqlite"),
      WAITLIST_RATE_LIMIT: "0",
      WAITLIST_MIN_FREE_MB: "0",
    }
    site = await startSiteServer(settings)
    const acknowledged: string[] = []
    expect((await submit(site, "before@example.com")).status).toBe(201)
    acknowledged.push("before@example.com")

    const filler = fillUp(disk.dir)
    const answers: RawAnswer[] = []
    const pages: number[] = []
    for (let i = 0; i < 40 && !answers.some(isUnavailable); i++) {
      const answer = await submit(site, `full${i}@example.com`, "x".repeat(4000))
      answers.push(answer)
      if (answer.status === 201) acknowledged.push(`full${i}@example.com`)
      pages.push(await page(site))
    }
    expect(
      answers.filter((answer) => answer.status !== 201 && !isUnavailable(answer)).map((a) => `${a.status} ${a.text}`),
    ).toEqual([])
    expect(answers.some(isUnavailable)).toBe(true)
    expect(pages.filter((status) => status !== 200)).toEqual([])
    await site.logLine({
      msg: "waitlist: store unavailable",
      cause: /^the SQLite waitlist failed: database or disk is full/,
    })

    fs.rmSync(filler)
    const healed = await submit(site, "after@example.com")
    if (healed.status === 201) acknowledged.push("after@example.com")
    const stored = new Set((await storedEntries(settings)).map((entry) => entry.email))
    const lost = acknowledged.filter((email) => !stored.has(email))
    figures.add({
      submissionsSent: answers.length + 2,
      faultsHealed: healed.status === 201 ? 1 : 0,
      entriesChecked: acknowledged.length,
      entriesLost: lost.length,
    })
    expect(healed.status).toBe(201)
    expect(lost).toEqual([])
    const db = new BetterSqlite3(settings.WAITLIST_DB_PATH, { fileMustExist: true })
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok")
    db.close()
  }, 60_000)

  it("refuses sign-ups with 503 once free space falls under the floor, before SQLite meets a full disk, and takes them again once space is freed", async () => {
    // Room for the waitlist's file and its log with more than the floor free once the filler is gone.
    disk = await mountTmpfs(2048)
    const settings = {
      WAITLIST_DB_PATH: path.join(disk.dir, "waitlist.sqlite"),
      WAITLIST_RATE_LIMIT: "0",
      WAITLIST_MIN_FREE_MB: "0.5",
    }
    site = await startSiteServer(settings)
    const acknowledged: string[] = []
    expect((await submit(site, "before@example.com")).status).toBe(201)
    acknowledged.push("before@example.com")
    // Leaves about 300 KB: under the floor of 512 KB, with room for SQLite to write.
    const filler = path.join(disk.dir, "filler")
    fs.writeFileSync(
      filler,
      Buffer.alloc(Math.max(0, fs.statfsSync(disk.dir).bavail * fs.statfsSync(disk.dir).bsize - 300 * 1024)),
    )
    const refused = await submit(site, "floor@example.com")
    expect(isUnavailable(refused)).toBe(true)
    expect(await page(site)).toBe(200)
    await site.logLine({
      msg: "waitlist: store unavailable",
      cause:
        /^the SQLite waitlist takes no new sign-up: the disk of .* has 0\.\d MB free, under the floor of 0\.5 MB \(WAITLIST_MIN_FREE_MB\)/,
    })
    expect(site.logLines().filter((line) => /database or disk is full/.test(String(line.cause)))).toEqual([])
    fs.rmSync(filler)
    expect((await submit(site, "after@example.com")).status).toBe(201)
    acknowledged.push("after@example.com")
    const stored = new Set((await storedEntries(settings)).map((entry) => entry.email))
    expect(acknowledged.filter((email) => !stored.has(email))).toEqual([])
    expect(stored.has("floor@example.com")).toBe(false)
  }, 60_000)

  it("answers 503 with the cause logged when the data folder is read-only, keeps serving pages, and takes entries once it is writable, without a restart", async () => {
    disk = await mountTmpfs(1024, { readOnly: true })
    const settings = {
      WAITLIST_DB_PATH: path.join(disk.dir, "data", "waitlist.sqlite"),
      WAITLIST_RATE_LIMIT: "0",
      WAITLIST_MIN_FREE_MB: "0",
    }
    site = await startSiteServer(settings)
    const refused = await Promise.all([1, 2, 3].map((i) => submit(site as RunningSite, `readonly${i}@example.com`)))
    expect(refused.map(isUnavailable)).toEqual([true, true, true])
    expect(await page(site)).toBe(200)
    await site.logLine({
      msg: "waitlist: store unavailable",
      cause: /^cannot open the SQLite waitlist at .*waitlist\.sqlite: EROFS: read-only file system/,
    })

    await disk.remount({ readOnly: false })
    const healed = await submit(site, "writable@example.com")
    const stored = healed.status === 201 ? (await storedEntries(settings)).map((entry) => entry.email) : []
    figures.add({
      submissionsSent: 4,
      faultsHealed: healed.status === 201 ? 1 : 0,
      entriesChecked: 1,
      entriesLost: healed.status === 201 && stored.length !== 1 ? 1 : 0,
    })
    expect(healed.status).toBe(201)
    expect(stored).toEqual(["writable@example.com"])
  }, 60_000)
})
