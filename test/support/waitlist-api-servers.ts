import { startApiInProcess } from "./api-in-process"
import { startSiteServer, type RunningSite } from "./site-server-process"

/** A running server and the settings it was started with (which name its store). */
export type SiteUnderTest = RunningSite & { settings: Record<string, string> }

/**
 * How a suite reaches the API: the production server's program over real
 * HTTP (it needs a build), or the same handlers served in the test's own
 * process (see api-in-process).
 */
export type ApiServer = "production-server" | "in-process"

/**
 * Starts one server per entry of `settings`, all at once, during beforeAll,
 * and stops them after the suite. Returns the servers by name, filled in once
 * beforeAll has run.
 */
export function useSiteServers<Name extends string>(
  settings: () => Promise<Record<Name, Record<string, string>>>,
  server: ApiServer = "production-server",
): Record<Name, SiteUnderTest> {
  const start = server === "in-process" ? startApiInProcess : startSiteServer
  const servers = {} as Record<Name, SiteUnderTest>
  beforeAll(async () => {
    const wanted = Object.entries(await settings()) as [Name, Record<string, string>][]
    const started = await Promise.allSettled(
      wanted.map(async ([name, env]) => {
        servers[name] = { ...(await start(env)), settings: env }
      }),
    )
    const failure = started.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected")
    if (failure) throw failure.reason
  }, 120_000)
  afterAll(() => Promise.all(Object.values<SiteUnderTest>(servers).map((server) => server.stop())), 15_000)
  return servers
}
