import { emailKey } from "../../src/server/addresses/email-identity"
import type { recordFigures } from "./reliability-figures"
import { startSiteServer, type RunningSite } from "./site-server-process"
import { startSubmissionLoad } from "./submission-load"
import { entryFor, postJson, storedEntries } from "./waitlist-api-client"

export type CrashBackend = {
  newStore: () => Promise<Record<string, string>>
  /** Checks the store's own consistency after a crash (SQLite's integrity check, say). */
  expectStoreConsistent: (settings: Record<string, string>) => Promise<void>
  figures: ReturnType<typeof recordFigures>
}

const ROUNDS = 3

/**
 * Submissions at full speed to the production server, killed with SIGKILL
 * at a random moment, then started again on the same store: every entry
 * that got a 2xx is there exactly once, and the store opens cleanly.
 */
export function describeWaitlistCrashes({ newStore, expectStoreConsistent, figures }: CrashBackend): void {
  let settings: Record<string, string>
  let site: RunningSite | undefined
  const acknowledged: string[] = []

  beforeAll(async () => {
    settings = { ...(await newStore()), WAITLIST_RATE_LIMIT: "0" }
    site = await startSiteServer(settings)
  }, 120_000)
  afterAll(() => site?.stop())

  it.each(Array.from({ length: ROUNDS }, (_, i) => i + 1))(
    "keeps every acknowledged entry exactly once through a SIGKILL at a random moment under load (round %i)",
    async (round) => {
      const victim = site as RunningSite
      const load = startSubmissionLoad(victim, `crash${round}`)
      await load.acknowledgedAtLeast(5)
      await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 1500)))
      await victim.kill()
      const result = await load.finish()
      acknowledged.push(...result.acknowledged)
      site = await startSiteServer(settings)

      expect((await postJson(site, entryFor(`after-crash${round}@example.com`))).status).toBe(201)
      acknowledged.push(`after-crash${round}@example.com`)
      await expectStoreConsistent(settings)
      const stored = (await storedEntries(settings)).map((entry) => emailKey(entry.email))
      const copies = new Map<string, number>()
      stored.forEach((email) => copies.set(email, (copies.get(email) ?? 0) + 1))
      const lost = acknowledged.filter((email) => copies.get(email) === undefined)
      figures.add({
        submissionsSent: result.sent + 1,
        crashesSurvived: 1,
        entriesChecked: acknowledged.length,
        entriesLost: lost.length,
      })
      expect(result.acknowledged.length).toBeGreaterThanOrEqual(5)
      expect(lost).toEqual([])
      expect([...copies].filter(([, n]) => n > 1)).toEqual([])
    },
    60_000,
  )
}
