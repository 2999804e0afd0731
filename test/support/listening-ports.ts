import fs from "fs"

/** The TCP ports a process listens on, read from /proc: its sockets' inodes against the kernel's tables of listening sockets. */
export function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>()
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      const target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`)
      if (target.startsWith("socket:[")) inodes.add(target.slice(8, -1))
    } catch {
      // The descriptor closed while it was read.
    }
  }
  const ports = new Set<number>()
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!fs.existsSync(table)) continue
    for (const row of fs.readFileSync(table, "utf8").split("\n").slice(1)) {
      const columns = row.trim().split(/\s+/)
      // The columns: sl, local address, remote address, state (0A is LISTEN), queues, timers, retransmits, uid, timeout, inode.
      const [, local, , state] = columns
      if (state === "0A" && local && inodes.has(columns[9] ?? "")) ports.add(parseInt(local.split(":")[1] ?? "0", 16))
    }
  }
  return [...ports].sort((a, b) => a - b)
}
