/**
 * @jest-environment node
 */
import { ensureProductionBuild } from "../../../test/support/production-build"
import { PROJECT_ROOT } from "../../../test/support/project-root"
import { siteFacts } from "../../config/site-facts"
import { readBuildRecord, reasonToBuild, sourceDigests } from "../build-state"

beforeAll(() => ensureProductionBuild(), 10 * 60_000)

describe("a finished production build", () => {
  it("records the content of every source it was made from and the address it was made for, so an unchanged tree builds nothing", () => {
    const record = readBuildRecord(PROJECT_ROOT)
    expect(record?.siteUrl).toBe(siteFacts.siteUrl)
    expect(record?.sources).toEqual(sourceDigests(PROJECT_ROOT))
    expect(Object.keys(record?.sources ?? {})).toEqual(
      expect.arrayContaining(["gatsby-node.ts", "content/legal/privacy-policy.md", "src/pages/get.tsx"]),
    )
    expect(reasonToBuild(PROJECT_ROOT, siteFacts.siteUrl)).toBeNull()
    expect(reasonToBuild(PROJECT_ROOT, "http://localhost:9000")).toBe(
      `the last build was made for ${siteFacts.siteUrl}, not http://localhost:9000`,
    )
  })
})
