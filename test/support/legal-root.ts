import { execFileSync } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import { PROJECT_ROOT } from "./project-root"
import { formatLock, type LegalLock } from "../../src/legal/legal-lock"

const copies: string[] = []

/**
 * A throwaway project root holding a copy of content/legal at each text's
 * first version (May 25, 2025): the text in force is the earliest one the
 * archive holds, the archive is empty, and the lock says so. The legal
 * commands' tests start from there, whatever versions the site has had
 * since. Unless `withTranslations`, only the English texts: a test adds
 * the translations it is about.
 */
export function copyLegalRoot({ withTranslations = false } = {}): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "legal-"))
  copies.push(root)
  const source = path.join(PROJECT_ROOT, "content", "legal")
  const target = path.join(root, "content", "legal")
  const isTranslation = (file: string) => /^[^.]+\.[a-z-]+\.md$/.test(path.basename(file))
  fs.cpSync(source, target, {
    recursive: true,
    filter: (file) => !file.startsWith(path.join(source, "archive")) && (withTranslations || !isTranslation(file)),
  })
  const lockFile = path.join(target, "legal.lock.json")
  const lock = JSON.parse(fs.readFileSync(lockFile, "utf8")) as LegalLock
  for (const languages of Object.values(lock.documents)) {
    for (const [lang, text] of Object.entries(languages)) {
      if (lang !== "en" && !withTranslations) {
        delete languages[lang]
        continue
      }
      const [first] = [...text.archive].sort((a, b) => a.effectiveDate.localeCompare(b.effectiveDate))
      if (!first) continue
      fs.copyFileSync(path.join(source, first.file), path.join(target, text.current.file))
      languages[lang] = { current: { ...first, file: text.current.file }, archive: [] }
    }
  }
  lock.amendments = []
  fs.writeFileSync(lockFile, formatLock(lock))
  return root
}

/** Removes every root copyLegalRoot made in this test file (for `afterAll`). */
export function removeLegalRoots(): void {
  for (const root of copies.splice(0)) fs.rmSync(root, { recursive: true, force: true })
}

/** The path of a file of content/legal in a root. */
export const legalPath = (root: string, file: string) => path.join(root, "content", "legal", file)

/** Reads a file of content/legal in a root. */
export const readLegal = (root: string, file: string) => fs.readFileSync(legalPath(root, file), "utf8")

/** Writes a file of content/legal in a root, creating its folder. */
export function writeLegal(root: string, file: string, text: string): void {
  fs.mkdirSync(path.dirname(legalPath(root, file)), { recursive: true })
  fs.writeFileSync(legalPath(root, file), text)
}

/** Replaces the one occurrence of `from` in a file of content/legal; throws when it is not there. */
export function editLegal(root: string, file: string, from: string, to: string): void {
  const text = readLegal(root, file)
  if (!text.includes(from)) throw new Error(`${file} does not contain ${JSON.stringify(from)}`)
  writeLegal(root, file, text.replace(from, to))
}

/** Makes a root a git repository with one commit of everything in it, as a clone of the project would be. */
export function commitAll(root: string): void {
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.com", ...args], {
      cwd: root,
      stdio: "ignore",
    })
  if (!fs.existsSync(path.join(root, ".git"))) git("init", "--quiet")
  git("add", "--all")
  git("commit", "--quiet", "--message", "Legal texts")
}

/** A Spanish translation of the privacy policy, short but complete, for the tests of translations. */
export const spanishPrivacyPolicy = (translationOf: string) => `---
title: Política de privacidad
translationOf: ${translationOf}
description: Qué información recogemos y cómo la usamos.
---

{{companyName}} hace {{appName}}.

## Derechos de exclusión

Puedes desinstalar la aplicación cuando quieras.
`
