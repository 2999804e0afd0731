/**
 * The files that let the installed app open the site's links instead of
 * the browser, made from the site's facts when the site is built:
 * - `/.well-known/apple-app-site-association`, for iOS universal links
 *   (Apple's "Supporting associated domains": `applinks.details`, each
 *   with `appIDs`, "<team id>.<bundle id>", and `components` naming the
 *   paths; iOS 13 and later);
 * - `/.well-known/assetlinks.json`, for Android App Links (Google's
 *   Digital Asset Links: one statement granting
 *   `delegate_permission/common.handle_all_urls` to the package signed
 *   with these certificates; the paths are the app's own intent filters).
 * Both are JSON served as `application/json` with 200 and no redirect. A
 * file whose facts are not filled in is not made, and the build says so;
 * a fact in the wrong form stops the build, naming it.
 */
import type { SiteFacts } from "../config/site-facts"
import { LANGUAGES, localizedPath } from "../i18n/languages"

/** Where each file is served. */
export const ASSOCIATION_PATHS = {
  apple: "/.well-known/apple-app-site-association",
  android: "/.well-known/assetlinks.json",
} as const

/** The site's paths the app opens: `/get` in every language (the app then shows itself rather than a store). */
export const APP_PATHS: readonly string[] = LANGUAGES.map(({ code }) => localizedPath(code, "/get"))

type AssociationFacts = Pick<
  SiteFacts,
  "appleTeamId" | "iosBundleId" | "androidPackage" | "androidCertificateFingerprints"
>

/** What the build makes of the facts: the files to write, what it leaves out and why, and what is wrong. */
export type Associations = {
  files: { path: string; json: unknown }[]
  /** Files not made, each with why: said in the build's output. */
  notes: string[]
  /** Facts in the wrong form: each stops the build. */
  problems: string[]
}

const FACTS_FILE = "src/config/site-facts.ts"
/** An Apple Developer team id: ten letters and digits. */
const TEAM_ID = /^[A-Z0-9]{10}$/
/** A bundle id: letters, digits, hyphens and dots (Apple's "reverse-DNS" string). */
const BUNDLE_ID = /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/
/** An Android application id: two or more dot-separated names, each starting with a letter. */
const PACKAGE = /^[A-Za-z]\w*(?:\.[A-Za-z]\w*)+$/
/** A SHA-256 fingerprint as keytool and the Play Console print it: 32 pairs of hex digits joined by colons. */
const FINGERPRINT = /^[0-9A-F]{2}(?::[0-9A-F]{2}){31}$/

/** The two association files of the facts (see the module's header). */
export function associationFiles(facts: AssociationFacts): Associations {
  const result: Associations = { files: [], notes: [], problems: [] }
  const { appleTeamId, iosBundleId, androidPackage } = facts
  if (!appleTeamId || !iosBundleId) {
    result.notes.push(
      `${ASSOCIATION_PATHS.apple} is not made: fill in appleTeamId and iosBundleId in ${FACTS_FILE} for iOS to open the site's links in the app`,
    )
  } else {
    if (!TEAM_ID.test(appleTeamId))
      result.problems.push(
        `appleTeamId in ${FACTS_FILE} must be the 10 letters and digits of the Apple Developer team id, not "${appleTeamId}"`,
      )
    if (!BUNDLE_ID.test(iosBundleId))
      result.problems.push(
        `iosBundleId in ${FACTS_FILE} must be a bundle id such as com.example.app, not "${iosBundleId}"`,
      )
    const components = APP_PATHS.map((path) => ({ "/": path, comment: `Opens ${path} in the app` }))
    result.files.push({
      path: ASSOCIATION_PATHS.apple,
      json: { applinks: { details: [{ appIDs: [`${appleTeamId}.${iosBundleId}`], components }] } },
    })
  }
  const fingerprints = facts.androidCertificateFingerprints.map((fingerprint) => fingerprint.trim().toUpperCase())
  if (!PACKAGE.test(androidPackage))
    result.problems.push(
      `androidPackage in ${FACTS_FILE} must be an Android application id such as com.example.app, not "${androidPackage}"`,
    )
  for (const fingerprint of fingerprints.filter((each) => !FINGERPRINT.test(each))) {
    result.problems.push(
      `androidCertificateFingerprints in ${FACTS_FILE} must each be a SHA-256 fingerprint, 32 pairs of hex digits joined by colons, not "${fingerprint}"`,
    )
  }
  if (fingerprints.length === 0) {
    result.notes.push(
      `${ASSOCIATION_PATHS.android} is not made: fill in androidCertificateFingerprints in ${FACTS_FILE} for Android to open the site's links in the app`,
    )
  } else {
    const statement = {
      relation: ["delegate_permission/common.handle_all_urls"],
      target: { namespace: "android_app", package_name: androidPackage, sha256_cert_fingerprints: fingerprints },
    }
    result.files.push({ path: ASSOCIATION_PATHS.android, json: [statement] })
  }
  return result
}
