/**
 * Writes docs/reliability.md from the figures the reliability tests left in
 * .data/reliability/ during their last run: `npm run reliability:report`
 * after `npm test` (or after `npx jest src/waitlist`).
 */
import fs from "fs"
import path from "path"
import { NO_FIGURES, readFigures, type Figures, type FiguresRecord } from "../test/support/reliability-figures"

const target = path.join(__dirname, "..", "docs", "reliability.md")

const COLUMNS: [keyof Figures, string][] = [
  ["submissionsSent", "Submissions sent"],
  ["crashesSurvived", "Crashes survived"],
  ["entriesChecked", "Entries checked"],
  ["inputsFuzzed", "Inputs fuzzed"],
  ["outagesHealed", "Outages healed"],
  ["faultsHealed", "Storage faults healed"],
  ["entriesLost", "Entries lost"],
  ["visitorsServedUnderAttack", "Visitors served under attack"],
  ["mailsDelivered", "Mails delivered once"],
  ["cleanRestarts", "Clean restarts"],
]

const SUITES: Record<string, string> = {
  "validation-fuzzing":
    "`contact-rules.fuzz.test.ts`: the browser's rules and the server's parser agree on every name and e-mail",
  robustness:
    "`robustness.*.build.test.ts`: arbitrary bodies and headers, structure-aware hostile bodies (deep nesting, huge arrays, every Unicode category in every field) while other visitors are served, injection payloads, bursts of 100 identical and 1,000 distinct sign-ups, slow clients and concurrent abuse",
  "hostile-input":
    "`robustness.*.build.test.ts`: the requests that once stopped, held or bent the server: 6,000 nested arrays or objects in every field, e-mails that made the old pattern backtrack, look-alike addresses, a declared 1 MB body, malformed requests and ranges",
  crash:
    "`crash.*.build.test.ts`: the production server killed with SIGKILL at a random moment under full-speed load, then restarted on the same store",
  outage:
    "`outage.postgres.build.test.ts`: the database stopped under load and started again on the same port and data, the site left running",
  mail: "`mail.*.build.test.ts`: a real SMTP server down for a while then back, and the server killed with SIGKILL between commit and delivery; every mail arrives exactly once",
  "mail-instances":
    "`instances.postgres.build.test.ts`: three instances of the server on one PostgreSQL database, sharing one rate limit, one of them killed while deliveries fail",
  "storage-faults":
    "`storage-faults.sqlite.root.test.ts`: a full disk, a disk under the free-space floor and a read-only data folder, each on a tmpfs of its own",
  "connection-floods":
    "`connection-floods.build.test.ts`: connections pipelining GETs of a large file without reading, more than may wait, and stalled ones, while ordinary visitors are served; the server's descriptors and memory before, at the peak and after",
  shutdown:
    "`shutdown.build.test.ts`: SIGTERM and SIGINT under full-speed load, with a request half received, with idle keep-alive connections and with a mail half sent; every acknowledged entry kept and exit 0 within SHUTDOWN_TIMEOUT_MS",
  "rolling-restart":
    "`rolling-restart.postgres.build.test.ts`: two instances on one PostgreSQL database behind a balancer, each stopped with SIGTERM and started again in turn under load, with a real SMTP server; every entry kept, every mail sent once",
  "visit-flood":
    "`visit-flood.build.test.ts`: 100,000 page views of distinct paths, referrer hosts and campaigns; the server's memory before and after, every view counted within the day's caps",
}

/** Where a suite's tests live. */
const folderOf = (suite: string) =>
  suite === "validation-fuzzing"
    ? "src/waitlist/__tests__/"
    : suite.startsWith("mail")
      ? "src/server/mail/__tests__/"
      : ["connection-floods", "shutdown", "rolling-restart"].includes(suite)
        ? "src/server/__tests__/"
        : suite === "visit-flood"
          ? "src/server/visits/__tests__/"
          : "src/server/waitlist/__tests__/"

const number = (n: number) => n.toLocaleString("en-US")
const row = (cells: string[]) => `| ${cells.join(" | ")} |`
const header = (first: string[]) => [
  row([...first, ...COLUMNS.map(([, label]) => label)]),
  row([...first, ...COLUMNS].map(() => "---")),
]

function totalsByStore(records: FiguresRecord[]): Map<string, Figures> {
  const totals = new Map<string, Figures>()
  for (const { store, figures } of records) {
    const sum = totals.get(store) ?? { ...NO_FIGURES }
    for (const [name] of COLUMNS) sum[name] += figures[name]
    totals.set(store, sum)
  }
  return totals
}

const records = readFigures()
if (records.length === 0)
  throw new Error("No figures in .data/reliability/: run the tests first (`npm test` or `npx jest src/waitlist`).")
const latest =
  records
    .map((record) => record.recordedAt)
    .sort()
    .at(-1) ?? ""

const lines = [
  "# Reliability of the waitlist",
  "",
  "What the crash, clean-shutdown, outage, storage-fault, fuzzing, abuse, injection and concurrency tests of the waitlist tried in their last run, on each store. The tests count as they go; every figure below comes from a run, none is written by hand.",
  "",
  `Refresh: run the tests (\`npm test\`, or \`npx jest src/waitlist\`), then \`npm run reliability:report\`. Last figures recorded ${latest.slice(0, 16).replace("T", " ")} UTC.`,
  "",
  "## By store",
  "",
  ...header(["Store"]),
  ...[...totalsByStore(records)].map(([store, figures]) =>
    row([store, ...COLUMNS.map(([name]) => number(figures[name]))]),
  ),
  "",
  "“Entries checked” counts each check of an acknowledged entry in the store (the crash rounds check every earlier entry again); “Entries lost” counts acknowledged entries missing afterwards. “Visitors served under attack” counts the ordinary requests answered while hostile ones were being sent. “no store” is the validation fuzzing, which runs without a server.",
  "",
  "## By suite",
  "",
  ...header(["Suite", "Store"]),
  ...records.map(({ suite, store, figures }) => row([suite, store, ...COLUMNS.map(([name]) => number(figures[name]))])),
  "",
  ...records.flatMap(({ suite, store, measured }) =>
    measured
      ? [
          `## Measured by ${suite} (${store})`,
          "",
          row(["Reading", "Value"]),
          row(["---", "---:"]),
          ...Object.entries(measured).map(([what, value]) => row([what, number(value)])),
          "",
        ]
      : [],
  ),
  "## The suites",
  "",
  ...Object.entries(SUITES).map(([suite, what]) => `- **${suite}**: ${what} (in \`${folderOf(suite)}\`).`),
  "",
]

fs.writeFileSync(target, lines.join("\n"))
console.log(`wrote ${path.relative(process.cwd(), target)} from ${records.length} records`)
