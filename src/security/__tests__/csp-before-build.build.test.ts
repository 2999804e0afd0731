/**
 * @jest-environment node
 *
 * The Content-Security-Policy is known before a build and complete after
 * one: gatsby-config, loaded in a fresh process that may not read any build
 * output, lists the hash of every inline script of every page the build
 * then writes. (A hosting adapter reads gatsby-config before it builds.)
 */
import fs from "fs"
import { builtFilePath, builtHtmlFiles, parseHtml, runnableInlineScripts } from "../../../test/support/built-pages"
import { declaredHeaders } from "../../../test/support/declared-headers"
import { ensureProductionBuild } from "../../../test/support/production-build"
import { scriptHash } from "../inline-script-hashes"

let policy: string
beforeAll(async () => {
  policy = declaredHeaders().get("/*")?.["Content-Security-Policy"] ?? ""
  await ensureProductionBuild()
}, 10 * 60_000)

describe("the Content-Security-Policy gatsby-config declares", () => {
  it("is computed without reading a build", () => {
    expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+;/)
  })

  it("lists the hash of every inline script of every built page", () => {
    const pages = builtHtmlFiles()
    expect(pages.length).toBeGreaterThanOrEqual(5)
    for (const page of pages) {
      const scripts = runnableInlineScripts(parseHtml(fs.readFileSync(builtFilePath(page), "utf8")))
      expect(scripts.length).toBeGreaterThan(0)
      for (const script of scripts) expect([page, policy.includes(`'${scriptHash(script)}'`)]).toEqual([page, true])
    }
  })
})
