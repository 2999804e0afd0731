import { createHash } from "crypto"
import { parseFrontmatterYaml } from "../content/frontmatter-yaml"
import { ENGLISH } from "./legal-layout"

/** A legal text's file split as gatsby-transformer-remark splits it: the YAML frontmatter and the Markdown body, and the line of the file the body starts on. */
export type LegalSource = { frontmatter: Record<string, unknown>; body: string; bodyLine: number }

const OPENING = "---\n"

/**
 * Splits a Markdown file into its frontmatter (parsed with the build's own
 * YAML engine, so dates stay as written) and its body.
 */
export function splitLegalSource(raw: string): LegalSource {
  const text = raw.replace(/\r\n/g, "\n")
  if (!text.startsWith(OPENING)) return { frontmatter: {}, body: text, bodyLine: 1 }
  const end = text.indexOf("\n---", OPENING.length - 1)
  if (end < 0) return { frontmatter: {}, body: text, bodyLine: 1 }
  const afterClosing = text.indexOf("\n", end + 1)
  return {
    frontmatter: parseFrontmatterYaml(text.slice(OPENING.length, end)),
    body: afterClosing < 0 ? "" : text.slice(afterClosing + 1),
    bodyLine: afterClosing < 0 ? 1 : text.slice(0, afterClosing + 1).split("\n").length,
  }
}

/**
 * The sha256 of a file's text, in hex: what the lock records. Line endings
 * count as "\n" whatever they are, so a checkout that turns them into
 * "\r\n" (git's autocrlf on Windows) does not look like an edit.
 */
export function hashText(raw: string): string {
  return createHash("sha256").update(raw.replace(/\r\n/g, "\n")).digest("hex")
}

/**
 * The frontmatter field that dates a version of a text: `effectiveDate`
 * for English; for a translation, `effectiveDate` when it has one of its
 * own, else `translationOf` (the English version it translates).
 */
export function versionDateField(
  frontmatter: Record<string, unknown>,
  lang: string,
): "effectiveDate" | "translationOf" {
  return lang === ENGLISH || frontmatter.effectiveDate !== undefined ? "effectiveDate" : "translationOf"
}

/** The date a version of a text takes effect, as written in its frontmatter (see versionDateField), or "" without one. */
export function versionDate(frontmatter: Record<string, unknown>, lang: string): string {
  const value = frontmatter[versionDateField(frontmatter, lang)]
  return typeof value === "string" ? value : ""
}
