/**
 * @jest-environment node
 *
 * The app's association files as the production server serves them, held
 * against Apple's and Google's documented formats: Apple's "Supporting
 * associated domains" (an `applinks` object whose `details` name the apps,
 * "<team id>.<bundle id>", and the URL components they open; served over
 * HTTPS as application/json, without a redirect, at most 128 KB) and
 * Google's Digital Asset Links (a list of statements, each a `relation`
 * and an `android_app` target with its package and SHA-256 certificate
 * fingerprints; served as application/json with 200, without a redirect).
 */
import fs from "fs"
import os from "os"
import path from "path"
import { DESKTOP_CHROME } from "../../../test/support/device-user-agents"
import { ensureProductionBuild } from "../../../test/support/production-build"
import { rawRequest } from "../../../test/support/raw-http"
import { startSiteServer, type RunningSite } from "../../../test/support/site-server-process"
import { siteFacts } from "../../config/site-facts"
import { LANGUAGES, localizedPath } from "../../i18n/languages"

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "association-files-"))
let site: RunningSite

beforeAll(async () => {
  await ensureProductionBuild()
  site = await startSiteServer({ WAITLIST_DB_PATH: path.join(dir, "waitlist.sqlite") })
}, 10 * 60_000)
afterAll(async () => {
  await site?.stop()
  fs.rmSync(dir, { recursive: true, force: true })
})

/** A file as Apple's and Google's crawlers fetch it: their answer must be the file itself. */
async function fetched(servedAt: string): Promise<unknown> {
  const answer = await rawRequest(site.url, {
    method: "GET",
    path: servedAt,
    headers: { "User-Agent": "AASA-Bot/1.0.0" },
  })
  expect(answer.status).toBe(200)
  expect(answer.headers["content-type"]).toBe("application/json")
  expect(answer.headers.location).toBeUndefined()
  expect(Buffer.byteLength(answer.text)).toBeLessThan(128 * 1024)
  return JSON.parse(answer.text)
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

describe("the association files of the production server", () => {
  it("serves apple-app-site-association in Apple's applinks format, naming the iOS app and the paths it opens", async () => {
    const file = await fetched("/.well-known/apple-app-site-association")
    expect(isObject(file) && Object.keys(file)).toEqual(["applinks"])
    const { applinks } = file as { applinks: unknown }
    expect(isObject(applinks) && Object.keys(applinks)).toEqual(["details"])
    const { details } = applinks as { details: unknown }
    expect(Array.isArray(details) && details.length).toBe(1)
    for (const detail of details as unknown[]) {
      expect(isObject(detail) && Object.keys(detail).sort()).toEqual(["appIDs", "components"])
      const { appIDs, components } = detail as { appIDs: unknown; components: unknown }
      expect(appIDs).toEqual([`${siteFacts.appleTeamId}.${siteFacts.iosBundleId}`])
      for (const appID of appIDs as string[]) expect(appID).toMatch(/^[A-Z0-9]{10}\.[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/)
      expect(Array.isArray(components)).toBe(true)
      for (const component of components as unknown[]) {
        // The keys Apple defines for a component: "/" a path pattern, "?" a query, "#" a fragment, "exclude", "comment", "caseSensitive", "percentEncoded".
        expect(
          isObject(component) &&
            Object.keys(component).every((key) =>
              ["/", "?", "#", "exclude", "comment", "caseSensitive", "percentEncoded"].includes(key),
            ),
        ).toBe(true)
        expect((component as Record<string, unknown>)["/"]).toMatch(/^\//)
      }
      expect((components as Record<string, string>[]).map((component) => component["/"])).toEqual(
        LANGUAGES.map(({ code }) => localizedPath(code, "/get")),
      )
    }
  })

  it("serves assetlinks.json in Google's Digital Asset Links format, naming the Android app and its signing certificates", async () => {
    const file = await fetched("/.well-known/assetlinks.json")
    expect(Array.isArray(file)).toBe(true)
    expect(file).toEqual([
      {
        relation: ["delegate_permission/common.handle_all_urls"],
        target: {
          namespace: "android_app",
          package_name: siteFacts.androidPackage,
          sha256_cert_fingerprints: siteFacts.androidCertificateFingerprints,
        },
      },
    ])
    for (const fingerprint of siteFacts.androidCertificateFingerprints)
      expect(fingerprint).toMatch(/^[0-9A-F]{2}(?::[0-9A-F]{2}){31}$/)
    expect(siteFacts.playStoreUrl).toBe(`https://play.google.com/store/apps/details?id=${siteFacts.androidPackage}`)
  })

  it("answers 404 for any other file of /.well-known, and never serves another dot-folder of the build", async () => {
    for (const servedAt of [
      "/.well-known/security.txt",
      "/.well-known/",
      "/.cache/",
      "/.well-known/../.well-known/assetlinks.json.bak",
    ]) {
      expect(
        (await rawRequest(site.url, { method: "GET", path: servedAt, headers: { "User-Agent": DESKTOP_CHROME } }))
          .status,
      ).toBe(404)
    }
  })
})
