/**
 * @jest-environment node
 *
 * `/get` over HTTP against the production server (`node dist/server.js`):
 * each device class by its real User-Agent, the store named, crawlers, the
 * campaign reaching each store's address, and hostile values. The counts
 * of these clicks are in store-clicks.*.build.test.ts.
 */
import fs from "fs"
import os from "os"
import path from "path"
import { ANDROID_PHONE, CRAWLERS, DESKTOP_CHROME, DEVICES, IPHONE } from "../../../../test/support/device-user-agents"
import { ensureProductionBuild } from "../../../../test/support/production-build"
import { rawRequest, type RawAnswer } from "../../../../test/support/raw-http"
import { startSiteServer, type RunningSite } from "../../../../test/support/site-server-process"
import { siteFacts } from "../../../config/site-facts"
import { MAX_CAMPAIGN_TOKEN } from "../store-address"

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "get-link-"))
let site: RunningSite

beforeAll(async () => {
  await ensureProductionBuild()
  site = await startSiteServer({ WAITLIST_DB_PATH: path.join(dir, "waitlist.sqlite") })
}, 10 * 60_000)
afterAll(async () => {
  await site?.stop()
  fs.rmSync(dir, { recursive: true, force: true })
})

/** A GET of the site as a browser sends it: its User-Agent and a language, and nothing followed. */
const open = (route: string, userAgent: string, headers: Record<string, string> = {}, method = "GET") =>
  rawRequest(site.url, {
    method,
    path: route,
    headers: { "User-Agent": userAgent, "Accept-Language": "en-GB,en;q=0.9", ...headers },
  })

const STORE_LISTING = { apple: siteFacts.appStoreUrl, google: siteFacts.playStoreUrl }

/** Whether an answer is a redirect to exactly this address, never cached, varying by User-Agent. */
function expectRedirect(answer: RawAnswer, location: string) {
  expect(answer.status).toBe(302)
  expect(answer.headers.location).toBe(location)
  expect(answer.headers["cache-control"]).toBe("private, no-store")
  expect(answer.headers.vary).toMatch(/\bUser-Agent\b/)
  expect(answer.headers["set-cookie"]).toBeUndefined()
}

/** Whether an answer is the built page of /get in a language, whose heading names the app. */
function expectPage(answer: RawAnswer, heading: string) {
  expect(answer.status).toBe(200)
  expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8")
  expect(answer.headers.vary).toMatch(/\bUser-Agent\b/)
  expect(answer.text).toContain(`<h1`)
  expect(answer.text).toContain(heading)
}

describe("/get on the production server", () => {
  it.each(DEVICES.map((device) => ({ ...device, to: device.store ? `its store (${device.store})` : "the page" })))(
    "sends $name to $to",
    async ({ userAgent, store }) => {
      const answer = await open("/get", userAgent)
      if (store) expectRedirect(answer, STORE_LISTING[store])
      else expectPage(answer, `Get ${siteFacts.appName}`)
    },
  )

  it("answers in every language's path: a phone goes to its store, a desktop gets the page in that language", async () => {
    expectRedirect(await open("/es/get", IPHONE), siteFacts.appStoreUrl)
    expectRedirect(await open("/ja/get/", ANDROID_PHONE), siteFacts.playStoreUrl)
    expectPage(await open("/es/get", DESKTOP_CHROME), `Descarga ${siteFacts.appName}`)
    expectPage(await open("/de/get", DESKTOP_CHROME), `${siteFacts.appName} herunterladen`)
  })

  it("leaves every path that is no language's /get to the built site: a phone gets its 404 page", async () => {
    for (const route of ["/en/get", "/xx/get", "/get/more", "/getting", "/%E0%A4%A/get"]) {
      const answer = await open(route, IPHONE)
      expect({ route, status: answer.status }).toEqual({ route, status: 404 })
    }
  })

  it("sends any browser to the store `store=` names: a phone of the other platform, and a desktop", async () => {
    expectRedirect(await open("/get?store=google", IPHONE), siteFacts.playStoreUrl)
    expectRedirect(await open("/get?store=apple", ANDROID_PHONE), siteFacts.appStoreUrl)
    expectRedirect(await open("/get?store=apple", DESKTOP_CHROME), siteFacts.appStoreUrl)
    expectRedirect(await open("/fr/get?store=google", DESKTOP_CHROME), siteFacts.playStoreUrl)
    // A store that is neither: as if none were named.
    expectRedirect(await open("/get?store=blackberry", IPHONE), siteFacts.appStoreUrl)
    expectPage(await open("/get?store=APPLE", DESKTOP_CHROME), `Get ${siteFacts.appName}`)
  })

  it.each(CRAWLERS)(
    "gives $name the page, never a redirect, though it announces a phone or names a store",
    async ({ userAgent }) => {
      expectPage(await open("/get", userAgent), `Get ${siteFacts.appName}`)
      expectPage(await open("/get?store=apple", userAgent), `Get ${siteFacts.appName}`)
    },
  )

  it("redirects a HEAD as a GET, with no body", async () => {
    const answer = await open("/get", IPHONE, {}, "HEAD")
    expectRedirect(answer, siteFacts.appStoreUrl)
    expect(answer.text).toBe("")
  })

  it("gives the App Store the campaign token and provider token, and Google Play the campaign as its referrer, and passes nothing else on", async () => {
    const campaign = "/get?utm_source=poster&utm_medium=print&utm_campaign=metro&gclid=abc&store_id=9&ref=x"
    const extra = { Cookie: "session=secret", Referer: "https://news.example.com/story?id=7" }
    expectRedirect(
      await open(campaign, IPHONE, extra),
      `${siteFacts.appStoreUrl}?pt=${siteFacts.appStoreProviderToken}&ct=poster.metro`,
    )
    expectRedirect(
      await open(campaign, ANDROID_PHONE, extra),
      `${siteFacts.playStoreUrl}&referrer=utm_source%3Dposter%26utm_campaign%3Dmetro`,
    )
    expectRedirect(
      await open("/get?store=google&utm_source=newsletter", DESKTOP_CHROME),
      `${siteFacts.playStoreUrl}&referrer=utm_source%3Dnewsletter`,
    )
  })

  it("gives the store the campaign of the site's page a store button was clicked on, read from the Referer", async () => {
    const page = `${site.url}/es?utm_source=launch-post&utm_medium=social&utm_campaign=spring`
    expectRedirect(
      await open("/es/get?store=apple", IPHONE, { Referer: page }),
      `${siteFacts.appStoreUrl}?pt=${siteFacts.appStoreProviderToken}&ct=launch-post.spring`,
    )
    expectRedirect(
      await open("/es/get?store=google", DESKTOP_CHROME, { Referer: page }),
      `${siteFacts.playStoreUrl}&referrer=utm_source%3Dlaunch-post%26utm_campaign%3Dspring`,
    )
    // Another site's campaign is its own, not ours.
    expectRedirect(
      await open("/get?store=apple", IPHONE, { Referer: "https://news.example.com/?utm_source=theirs" }),
      siteFacts.appStoreUrl,
    )
  })

  it("still redirects a hostile campaign, cut to the stores' limits and encoded, as one line on the store's own host", async () => {
    const hostile = [
      `utm_source=${"long".repeat(1000)}&utm_campaign=${"x".repeat(3000)}`,
      "utm_source=%0D%0ALocation:%20https://evil.example/&utm_campaign=a%0d%0aSet-Cookie:%20x=1",
      "utm_source=%E0%A4%A&utm_campaign=%ZZ%25%00%F0%9F%98%80",
      "utm_source=a%26ct%3Devil%26pt%3D1&utm_campaign=%23frag",
      "utm_source=\u202egoogle&utm_campaign=<script>alert(1)</script>",
      `${"utm_source=a&".repeat(500)}utm_campaign=b`,
    ]
    for (const query of hostile) {
      // As a browser sends it: what is not allowed in an address escaped, the escapes written in the link kept as they are.
      const sent = encodeURI(query).replace(/%25([0-9A-F]{2})/gi, "%$1")
      for (const [userAgent, store] of [
        [IPHONE, "apple"],
        [ANDROID_PHONE, "google"],
      ] as const) {
        const answer = await open(`/get?${sent}`, userAgent, { Referer: `${site.url}/?${sent.slice(0, 3000)}` })
        expect(answer.status).toBe(302)
        const location = String(answer.headers.location)
        expect(location).not.toMatch(/[\s\u0000-\u001f\u007f-\uffff#]/)
        const target = new URL(location)
        expect(target.origin).toBe(new URL(STORE_LISTING[store]).origin)
        expect(target.pathname).toBe(new URL(STORE_LISTING[store]).pathname)
        if (store === "apple") {
          expect([...target.searchParams.keys()].filter((name) => name !== "pt" && name !== "ct")).toEqual([])
          expect((target.searchParams.get("ct") ?? "").length).toBeLessThanOrEqual(MAX_CAMPAIGN_TOKEN)
        } else {
          expect([...target.searchParams.keys()]).toEqual(
            ["id", "referrer"].slice(0, target.searchParams.has("referrer") ? 2 : 1),
          )
          for (const value of new URLSearchParams(target.searchParams.get("referrer") ?? "").values())
            expect(value.length).toBeLessThanOrEqual(100)
        }
        expect(answer.headers["set-cookie"]).toBeUndefined()
      }
    }
    expect(site.logLines().filter((line) => line.level === "error" || line.level === "fatal")).toEqual([])
  })
})
