/**
 * @jest-environment node
 */
import { APP_PATHS, ASSOCIATION_PATHS, associationFiles } from "../association-files"

const FINGERPRINT = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
const facts = {
  appleTeamId: "ABCDE12345",
  iosBundleId: "com.example.storyling",
  androidPackage: "com.example.storyling",
  androidCertificateFingerprints: [FINGERPRINT],
}

const fileAt = (outcome: ReturnType<typeof associationFiles>, path: string) =>
  outcome.files.find((file) => file.path === path)?.json

describe("the app's association files", () => {
  it("lets the iOS app of the team and bundle open /get in every language (Apple's applinks format)", () => {
    const outcome = associationFiles(facts)
    expect(outcome.problems).toEqual([])
    expect(fileAt(outcome, "/.well-known/apple-app-site-association")).toEqual({
      applinks: {
        details: [
          {
            appIDs: ["ABCDE12345.com.example.storyling"],
            components: APP_PATHS.map((path) => ({ "/": path, comment: `Opens ${path} in the app` })),
          },
        ],
      },
    })
    expect(APP_PATHS).toEqual(["/get", "/es/get", "/fr/get", "/de/get", "/pt-br/get", "/ja/get"])
  })

  it("lets the Android app of the package, signed with these certificates, handle the site's links (Google's Digital Asset Links statement)", () => {
    const lowerCase = associationFiles({
      ...facts,
      androidCertificateFingerprints: [FINGERPRINT.toLowerCase(), ` ${FINGERPRINT.replace(/^14/, "AB")} `],
    })
    expect(fileAt(lowerCase, "/.well-known/assetlinks.json")).toEqual([
      {
        relation: ["delegate_permission/common.handle_all_urls"],
        target: {
          namespace: "android_app",
          package_name: "com.example.storyling",
          sha256_cert_fingerprints: [FINGERPRINT, FINGERPRINT.replace(/^14/, "AB")],
        },
      },
    ])
  })

  it("makes neither file while the facts are empty, and says so for the build's output", () => {
    const outcome = associationFiles({ ...facts, appleTeamId: "", iosBundleId: "", androidCertificateFingerprints: [] })
    expect(outcome).toEqual({
      files: [],
      notes: [
        `${ASSOCIATION_PATHS.apple} is not made: fill in appleTeamId and iosBundleId in src/config/site-facts.ts for iOS to open the site's links in the app`,
        `${ASSOCIATION_PATHS.android} is not made: fill in androidCertificateFingerprints in src/config/site-facts.ts for Android to open the site's links in the app`,
      ],
      problems: [],
    })
    expect(associationFiles({ ...facts, iosBundleId: "" }).files.map((file) => file.path)).toEqual([
      ASSOCIATION_PATHS.android,
    ])
  })

  it("refuses facts in the wrong form, naming each", () => {
    const { problems } = associationFiles({
      appleTeamId: "abcde",
      iosBundleId: "storyling",
      androidPackage: "1com",
      androidCertificateFingerprints: ["14:6D", FINGERPRINT],
    })
    expect(problems).toEqual([
      'appleTeamId in src/config/site-facts.ts must be the 10 letters and digits of the Apple Developer team id, not "abcde"',
      'iosBundleId in src/config/site-facts.ts must be a bundle id such as com.example.app, not "storyling"',
      'androidPackage in src/config/site-facts.ts must be an Android application id such as com.example.app, not "1com"',
      'androidCertificateFingerprints in src/config/site-facts.ts must each be a SHA-256 fingerprint, 32 pairs of hex digits joined by colons, not "14:6D"',
    ])
  })
})
