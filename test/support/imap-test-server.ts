import { spawn, type ChildProcess } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import { ImapFlow } from "imapflow"
import { freePort } from "./free-port"
import { installSystemPackages } from "./system-packages"

/** A throwaway IMAP server: Debian's dovecot, run by the tests' own process with a generated configuration. */
export type ImapTestServer = {
  /** BOUNCE_IMAP_URL of its one mailbox. */
  url: string
  /** Puts a message in the mailbox, as a mail server delivering it would. */
  deliver(raw: string | Buffer): Promise<void>
  /** The flags of every message of the mailbox, by uid. */
  flags(): Promise<Map<number, string[]>>
  stop(): Promise<void>
}

const USER = "bounces"
const PASSWORD = "bounce-box-secret"

/** The uid and gid dovecot gives the mailbox's files: root's tests use `nobody`, anyone else their own. */
function mailOwner(): { uid: number; gid: number; user: string | null } {
  if (process.getuid?.() !== 0)
    return { uid: process.getuid?.() ?? 1000, gid: process.getgid?.() ?? 1000, user: os.userInfo().username }
  return { uid: 65534, gid: 65534, user: null }
}

/**
 * Starts dovecot (imapd only, no TLS, a password file of one user, a
 * maildir in a temporary folder) on a free port of 127.0.0.1, and resolves
 * once it answers. As root it installs dovecot-imapd when missing.
 */
export async function startImapServer(): Promise<ImapTestServer> {
  if (!fs.existsSync("/usr/sbin/dovecot")) installSystemPackages("dovecot")
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "imap-test-"))
  fs.chmodSync(dir, 0o755)
  const port = await freePort()
  const owner = mailOwner()
  for (const sub of ["run", "state", "home"]) fs.mkdirSync(path.join(dir, sub))
  fs.chownSync(path.join(dir, "home"), owner.uid, owner.gid)
  fs.writeFileSync(path.join(dir, "passwd"), `${USER}:{PLAIN}${PASSWORD}\n`)
  const asUser = owner.user ? [`default_internal_user = ${owner.user}`, `default_login_user = ${owner.user}`] : []
  fs.writeFileSync(
    path.join(dir, "dovecot.conf"),
    [
      `base_dir = ${dir}/run`,
      `state_dir = ${dir}/state`,
      `log_path = ${dir}/dovecot.log`,
      ...asUser,
      "protocols = imap",
      "listen = 127.0.0.1",
      "ssl = no",
      "disable_plaintext_auth = no",
      "auth_mechanisms = plain login",
      "first_valid_uid = 1",
      "mail_location = maildir:~/Maildir",
      `passdb {\n  driver = passwd-file\n  args = scheme=PLAIN username_format=%u ${dir}/passwd\n}`,
      `userdb {\n  driver = static\n  args = uid=${owner.uid} gid=${owner.gid} home=${dir}/home/%u\n}`,
      `service imap-login {\n  chroot =\n  inet_listener imap {\n    port = ${port}\n  }\n  inet_listener imaps {\n    port = 0\n  }\n}`,
      "service anvil {\n  chroot =\n}",
      "",
    ].join("\n"),
  )
  const child: ChildProcess = spawn("/usr/sbin/dovecot", ["-F", "-c", path.join(dir, "dovecot.conf")], {
    stdio: "ignore",
  })
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM")
      await exited
    }
    fs.rmSync(dir, { recursive: true, force: true })
  }
  const connect = async () => {
    const client = new ImapFlow({
      host: "127.0.0.1",
      port,
      secure: false,
      auth: { user: USER, pass: PASSWORD },
      logger: false,
    })
    client.on("error", () => {})
    await client.connect()
    return client
  }
  const giveUp = Date.now() + 20_000
  for (;;) {
    try {
      const client = await connect()
      await client.logout()
      break
    } catch (error) {
      if (child.exitCode !== null || Date.now() > giveUp) {
        const log = fs.existsSync(path.join(dir, "dovecot.log"))
          ? fs.readFileSync(path.join(dir, "dovecot.log"), "utf8")
          : ""
        await stop()
        throw new Error(`dovecot did not start: ${(error as Error).message}\n${log}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  return {
    url: `imap://${USER}:${PASSWORD}@127.0.0.1:${port}/INBOX`,
    async deliver(raw) {
      const client = await connect()
      try {
        await client.append("INBOX", raw)
      } finally {
        await client.logout()
      }
    },
    async flags() {
      const client = await connect()
      const found = new Map<number, string[]>()
      try {
        const lock = await client.getMailboxLock("INBOX")
        try {
          for await (const message of client.fetch("1:*", { uid: true, flags: true }))
            found.set(message.uid, [...(message.flags ?? [])].sort())
        } finally {
          lock.release()
        }
      } finally {
        await client.logout()
      }
      return found
    },
    stop,
  }
}
