import { spawn } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import { installSystemPackages } from "./system-packages"

/** SpamAssassin's verdict on one mail: the rules that fired, each with its points. */
export type SpamVerdict = { rules: Record<string, number> }

/**
 * How SpamAssassin runs here: local rules only (`-L`: no DNS blocklist, no
 * URI lookups, no Razor or Pyzor), and DNS declared unavailable too, so no
 * query leaves the machine even from a plugin that would ask anyway; no
 * Bayes database (it would learn from the test's own mails) and no user
 * preferences file written (`-x`, an empty one of our own); each mail's
 * rules and their points in a header of its own, which the scores are
 * read from.
 */
const OPTIONS = [
  "--local",
  "--nocreate-prefs",
  "--mbox",
  "--cf=dns_available no",
  "--cf=use_bayes 0",
  "--cf=bayes_auto_learn 0",
  "--cf=add_header all Scores _TESTSSCORES(,)_",
]

/** The mails as one mbox (mboxrd: a body line starting with `From ` or `>From ` gains a `>`). */
const mbox = (mails: Buffer[]): string =>
  mails
    .map(
      (mail) =>
        `From sender@example.com Thu Jan  1 00:00:00 2026\n${mail
          .toString("utf8")
          .replace(/\r\n/g, "\n")
          .replace(/^(>*From )/gm, ">$1")}\n`,
    )
    .join("\n")

/** A header's value in one message of SpamAssassin's output, its folds undone. */
function headerOf(message: string, name: string): string | null {
  const head = message.slice(0, message.indexOf("\n\n"))
  const match = new RegExp(`^${name}:([^\\n]*(?:\\n[ \\t][^\\n]*)*)`, "im").exec(head)
  return match?.[1]?.replace(/\n[ \t]+/g, "").trim() ?? null
}

/**
 * Scores every mail with Debian's SpamAssassin in one process (its rules
 * are compiled once, which is most of its time), offline. A mail is known
 * by its Message-ID, which each must have and none may share.
 * @returns each mail's verdict, in the order given
 */
export async function scoreWithSpamAssassin(mails: Buffer[]): Promise<SpamVerdict[]> {
  installSystemPackages("spamassassin")
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "spamassassin-"))
  const prefs = path.join(dir, "user_prefs")
  fs.writeFileSync(prefs, "")
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn("spamassassin", [...OPTIONS, `--prefspath=${prefs}`], {
        env: { ...process.env, HOME: dir },
        stdio: ["pipe", "pipe", "pipe"],
      })
      const out: Buffer[] = []
      let err = ""
      child.stdout.on("data", (chunk: Buffer) => out.push(chunk))
      child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()))
      child.on("error", reject)
      child.on("close", (code) =>
        code === 0 ? resolve(Buffer.concat(out).toString("utf8")) : reject(new Error(`spamassassin: ${code} ${err}`)),
      )
      child.stdin.end(mbox(mails))
    })
    const byMessageId = new Map<string, SpamVerdict>()
    for (const message of output.split(/^From sender@example\.com .*$/m).slice(1)) {
      const id = headerOf(message.trimStart(), "Message-ID")
      const scores = headerOf(message.trimStart(), "X-Spam-Scores")
      if (id === null || scores === null) throw new Error(`spamassassin gave a message without its scores:\n${message}`)
      const rules = Object.fromEntries(
        scores
          .split(",")
          .filter(Boolean)
          .map((pair) => {
            const [rule = "", points = "0"] = pair.split("=")
            return [rule.trim(), Number(points)]
          }),
      )
      byMessageId.set(id, { rules })
    }
    return mails.map((mail) => {
      const id = headerOf(mail.toString("utf8").replace(/\r\n/g, "\n"), "Message-ID") ?? ""
      const verdict = byMessageId.get(id)
      if (!verdict) throw new Error(`spamassassin gave no verdict on ${id}`)
      return verdict
    })
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
