/**
 * @jest-environment node
 *
 * The Dockerfile and compose.yaml cannot be built or run on these machines
 * (see docs/operating.md): what they run is tested elsewhere (the production
 * install, the health checks, the shutdown), and here they are held to
 * the server they package: its settings, its health checks, its shutdown
 * and its production install.
 */
import fs from "fs"
import path from "path"
import yaml from "js-yaml"
import { PROJECT_ROOT } from "../../../test/support/project-root"
import { HEAP_FLAGS } from "../heap-flags"
import { HEALTH_PATHS } from "../observability/health-routes"
import { DEFAULT_SHUTDOWN_TIMEOUT_MS, SETTING_NAMES } from "../settings"

type Service = {
  environment?: Record<string, string>
  healthcheck?: { test: string[] }
  stop_grace_period?: string
  stop_signal?: string
  image?: string
  build?: string
}
type Compose = { services: Record<string, Service>; configs: Record<string, { content: string }> }

const dockerfile = fs.readFileSync(path.join(PROJECT_ROOT, "Dockerfile"), "utf8")
const compose = yaml.load(fs.readFileSync(path.join(PROJECT_ROOT, "compose.yaml"), "utf8")) as Compose
/** The Dockerfile's instructions, continued lines joined. */
const instructions = dockerfile
  .replace(/\\\n\s*/g, " ")
  .split("\n")
  .filter((line) => /^[A-Z]+ /.test(line))
const seconds = (duration: string | undefined) => Number(/^(\d+)s$/.exec(duration ?? "")?.[1] ?? Number.NaN)

describe("the Dockerfile", () => {
  it("builds from Node 24 slim in every stage, and runs the compiled server as the unprivileged user", () => {
    expect(instructions.filter((line) => line.startsWith("FROM ")).map((line) => line.split(" ")[1])).toEqual([
      "node:24-slim",
      "node:24-slim",
      "node:24-slim",
    ])
    const last = instructions.slice(instructions.map((line) => line.startsWith("FROM ")).lastIndexOf(true))
    expect(last).toContain("USER node")
    expect(last.at(-1)).toBe(
      `CMD [${["node", ...HEAP_FLAGS, "dist/server.js"].map((word) => JSON.stringify(word)).join(", ")}]`,
    )
  })

  it("installs the runtime's packages with npm ci --omit=dev and copies what the production install's test serves", () => {
    expect(instructions).toContain("RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force")
    const copied = instructions
      .filter((line) => line.startsWith("COPY --from=build "))
      .map((line) => line.split(" ")[2]?.replace("/src/", ""))
    expect(copied.sort()).toEqual([
      "content/announcements",
      "dist",
      "package.json",
      "public",
      "scripts/run-compiled.mjs",
    ])
    const test = fs.readFileSync(
      path.join(PROJECT_ROOT, "src/server/__tests__/production-install.build.test.ts"),
      "utf8",
    )
    expect(test).toContain(
      'const BUILD_OUTPUTS = ["dist", "public", "scripts/run-compiled.mjs", "content/announcements"]',
    )
  })

  it("keeps the SQLite waitlist in the data volume, sets only settings the server reads, and checks /healthz", () => {
    const env = instructions.find((line) => line.startsWith("ENV ")) ?? ""
    const names = env
      .split(" ")
      .filter((pair) => pair.includes("="))
      .map((pair) => pair.split("=")[0])
    expect(names.filter((name) => name !== "NODE_ENV" && !SETTING_NAMES.includes(name as never))).toEqual([])
    expect(env).toContain("WAITLIST_DB_PATH=/data/waitlist.sqlite")
    expect(instructions).toContain('VOLUME ["/data"]')
    expect(instructions.find((line) => line.startsWith("HEALTHCHECK "))).toContain(`'${HEALTH_PATHS.live}'`)
    expect(instructions).toContain("STOPSIGNAL SIGTERM")
  })
})

describe("npm run serve", () => {
  it("starts the compiled server with the heap's flags, as the image and the systemd unit do", () => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8")) as {
      scripts: Record<string, string>
    }
    expect(scripts.serve).toBe(`node ${HEAP_FLAGS.join(" ")} --env-file-if-exists=.env scripts/run-compiled.mjs server`)
  })
})

describe("compose.yaml", () => {
  const sites = Object.entries(compose.services).filter(([, service]) => service.build === ".")

  it("runs two instances of the site on PostgreSQL behind a reverse proxy, every service with a health check", () => {
    expect(sites.map(([name]) => name)).toEqual(["site-1", "site-2"])
    expect(compose.services.postgres?.image).toMatch(/^postgres:/)
    expect(Object.entries(compose.services).filter(([, service]) => !service.healthcheck?.test.length)).toEqual([])
    const caddyfile = compose.configs.caddyfile?.content ?? ""
    expect(caddyfile).toContain("reverse_proxy site-1:9000 site-2:9000")
    expect(caddyfile).toContain(`health_uri ${HEALTH_PATHS.ready}`)
  })

  it("gives each instance only settings the server reads, and more time to stop than its shutdown may take", () => {
    for (const [, site] of sites) {
      expect(Object.keys(site.environment ?? {}).filter((name) => !SETTING_NAMES.includes(name as never))).toEqual([])
      expect(site.healthcheck?.test.join(" ")).toContain(HEALTH_PATHS.live)
      expect(site.stop_signal).toBe("SIGTERM")
      const timeout = Number(site.environment?.SHUTDOWN_TIMEOUT_MS ?? DEFAULT_SHUTDOWN_TIMEOUT_MS)
      expect(seconds(site.stop_grace_period) * 1000).toBeGreaterThan(timeout)
    }
  })

  it("has each instance, behind the proxy, trust it: one visitor is one client", () => {
    for (const [, site] of sites) expect(site.environment?.WAITLIST_TRUST_PROXY).toBe("1")
  })
})

describe("the systemd unit of docs/operating.md", () => {
  const unit =
    /```ini\n(\[Unit\][\s\S]*?)```/.exec(
      fs.readFileSync(path.join(PROJECT_ROOT, "docs", "operating.md"), "utf8"),
    )?.[1] ?? ""
  const environment = Object.fromEntries(
    unit
      .split("\n")
      .filter((line) => line.startsWith("Environment="))
      .flatMap((line) => line.slice("Environment=".length).split(" "))
      .map((pair) => pair.split("=") as [string, string]),
  )

  it("starts the compiled server with the heap's flags", () => {
    expect(unit.split("\n").filter((line) => line.startsWith("ExecStart="))).toEqual([
      `ExecStart=/usr/bin/node ${HEAP_FLAGS.join(" ")} dist/server.js`,
    ])
  })

  it("sets only settings the server reads, and trusts the proxy it listens behind on loopback", () => {
    expect(environment).toMatchObject({ NODE_ENV: "production", HOST: "127.0.0.1", WAITLIST_TRUST_PROXY: "1" })
    expect(
      Object.keys(environment).filter((name) => name !== "NODE_ENV" && !SETTING_NAMES.includes(name as never)),
    ).toEqual([])
  })
})

describe("a production deployment's SITE_URL", () => {
  const dockerEnv = instructions.find((line) => line.startsWith("ENV ")) ?? ""

  it("is required where the image runs in production: the Dockerfile sets NODE_ENV=production and no SITE_URL of its own", () => {
    expect(dockerEnv.split(" ")).toContain("NODE_ENV=production")
    expect(dockerEnv).not.toContain("SITE_URL")
  })

  it("is set for each instance of compose.yaml, which stops with a message when it is not given", () => {
    for (const [, site] of Object.entries(compose.services).filter(([, service]) => service.build === ".")) {
      expect(site.environment?.SITE_URL).toMatch(
        /^\$\{SITE_URL:\?set SITE_URL to the address visitors reach the site at/,
      )
    }
  })

  it("is set by the systemd unit of docs/operating.md, beside NODE_ENV=production", () => {
    const operating = fs.readFileSync(path.join(PROJECT_ROOT, "docs", "operating.md"), "utf8")
    const unit = /```ini\n(\[Unit\][\s\S]*?)```/.exec(operating)?.[1] ?? ""
    const environment = unit.split("\n").filter((line) => line.startsWith("Environment="))
    expect(environment.join(" ")).toMatch(/\bNODE_ENV=production\b/)
    expect(environment.join(" ")).toMatch(/\bSITE_URL=https:\/\/\S+/)
  })
})
