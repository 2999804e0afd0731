/**
 * @jest-environment node
 *
 * The site server over a build that holds pages for days to come, with a
 * clock the test moves: each page switches at the start of its day (UTC),
 * whatever form of its path is asked, and the folder of copies is not
 * published.
 */
import fs from "fs"
import type { AddressInfo } from "net"
import os from "os"
import path from "path"
import express from "express"
import { siteServer } from "../site-server"
import { staticSite } from "../static-site"
import { quietLogger } from "../../../../test/support/test-logger"

let root: string
let server: ReturnType<typeof siteServer>
let url: string
let now = new Date("2026-11-30T23:59:59.999Z")

const page = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, "public", file)), { recursive: true })
  fs.writeFileSync(path.join(root, "public", file), `<!doctype html><title>${text}</title><p>${text}</p>`)
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "scheduled-pages-"))
  page("404.html", "Not found")
  page("es/404/index.html", "No encontrado")
  page("privacy-policy/index.html", "Policy of May 25, 2025")
  page("_from/2026-12-01/privacy-policy/index.html", "Policy of December 1, 2026")
  page("_from/2027-03-01/privacy-policy/index.html", "Policy of March 1, 2027")
  page("es/privacy-policy/index.html", "Política del 25 de mayo de 2025")
  page("es/_from/2026-12-01/privacy-policy/index.html", "Política del 1 de diciembre de 2026")
  page("terms-and-conditions/index.html", "Terms")
  page("page-data/privacy-policy/page-data.json", "Data of the policy")
  page("page-data/_from/2027-03-01/privacy-policy/page-data.json", "Data of March 1, 2027")
  page("page-data/es/_from/2026-12-01/privacy-policy/page-data.json", "Datos del 1 de diciembre de 2026")
  server = siteServer(express().use(staticSite(root, quietLogger, () => now)), {})
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  fs.rmSync(root, { recursive: true, force: true })
})

/** A GET as a browser revalidating its copy sends it (fetch would add `Cache-Control: no-cache` to a conditional request, which never gets a 304). */
async function get(pathname: string, headers: Record<string, string> = {}) {
  const answer = await fetch(`${url}${pathname}`, { headers: { "Cache-Control": "max-age=0", ...headers } })
  return {
    status: answer.status,
    text: (await answer.text()).replace(/^.*<p>|<\/p>$/g, ""),
    etag: answer.headers.get("etag"),
    lastModified: answer.headers.get("last-modified"),
    cache: answer.headers.get("cache-control"),
  }
}

describe("the pages for days to come", () => {
  it("serves the build's page until the day, then the day's page, at every form of its path", async () => {
    now = new Date("2026-11-30T23:59:59.999Z")
    for (const form of ["/privacy-policy", "/privacy-policy/", "/privacy-policy/index.html", "/privacy%2Dpolicy/"])
      expect((await get(form)).text).toBe("Policy of May 25, 2025")
    expect((await get("/es/privacy-policy")).text).toBe("Política del 25 de mayo de 2025")
    now = new Date("2026-12-01T00:00:00.000Z")
    for (const form of ["/privacy-policy", "/privacy-policy/", "/privacy-policy/index.html", "/privacy%2Dpolicy/"])
      expect((await get(form)).text).toBe("Policy of December 1, 2026")
    expect((await get("/es/privacy-policy")).text).toBe("Política del 1 de diciembre de 2026")
    expect((await get("/terms-and-conditions")).text).toBe("Terms")
    now = new Date("2027-03-01T00:00:00.000Z")
    expect((await get("/privacy-policy")).text).toBe("Policy of March 1, 2027")
    expect((await get("/es/privacy-policy")).text).toBe("Política del 1 de diciembre de 2026")
  })

  it("gives the day's page an ETag of its own and no date, so a browser's copy of the day before is not taken as fresh", async () => {
    now = new Date("2026-11-30T12:00:00Z")
    const before = await get("/privacy-policy")
    expect(before.lastModified).not.toBeNull()
    now = new Date("2026-12-01T12:00:00Z")
    const after = await get("/privacy-policy", {
      "If-None-Match": before.etag ?? "",
      "If-Modified-Since": before.lastModified ?? "",
    })
    expect(after).toMatchObject({
      status: 200,
      text: "Policy of December 1, 2026",
      lastModified: null,
      cache: "public, max-age=0, must-revalidate",
    })
    expect(after.etag).toMatch(/^W\/"2026-12-01-/)
    expect((await get("/privacy-policy", { "If-None-Match": after.etag ?? "" })).status).toBe(304)
    const head = await fetch(`${url}/privacy-policy`, { method: "HEAD" })
    expect([head.status, head.headers.get("etag"), await head.text()]).toEqual([200, after.etag, ""])
  })

  it("answers 404 at the folder of the copies, however its path is written", async () => {
    now = new Date("2026-12-02T00:00:00Z")
    for (const pathname of [
      "/_from/2026-12-01/privacy-policy",
      "/_from/2026-12-01/privacy-policy/index.html",
      "/%5Ffrom/2026-12-01/privacy-policy/",
      "//_from/2026-12-01/privacy-policy",
    ]) {
      expect(await get(pathname)).toMatchObject({ status: 404, text: "Not found" })
    }
    expect(await get("/es/_from/2026-12-01/privacy-policy")).toMatchObject({ status: 404, text: "No encontrado" })
  })

  it("never serves the page data of the copies, before their day or after it, while the build's page data is served", async () => {
    for (const at of ["2026-11-30T12:00:00Z", "2027-03-02T00:00:00Z"]) {
      now = new Date(at)
      for (const pathname of [
        "/page-data/_from/2027-03-01/privacy-policy/page-data.json",
        "/page-data/%5Ffrom/2027-03-01/privacy-policy/page-data.json",
        "/page-data//_from/2027-03-01/privacy-policy/page-data.json",
        "/page-data/es/_from/2026-12-01/privacy-policy/page-data.json",
      ])
        expect((await get(pathname)).status).toBe(404)
    }
    expect(await get("/page-data/privacy-policy/page-data.json")).toMatchObject({
      status: 200,
      text: "Data of the policy",
    })
  })
})
