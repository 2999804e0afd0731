/**
 * knip finds the files, exports and dependencies nothing uses; `npm run
 * lint` runs it (https://knip.dev). Its Gatsby, Jest and Playwright plugins
 * find those tools' entries; the rest are named here.
 */
import type { KnipConfig } from "knip"
import { WORKER_ENTRIES } from "./src/server/threads/worker-entries"

const config: KnipConfig = {
  entry: [
    // The programs esbuild compiles into dist/ (src/build/bundle-server.ts) and the islands' bundles (src/build/bundle-islands.ts).
    "src/server/main.ts",
    "src/server/cli/{waitlist,admin}.ts",
    ...Object.values(WORKER_ENTRIES),
    "src/islands/*.client.tsx",
    // esbuild's alias of React in the islands' bundles.
    "src/islands/preact-core-as-react.ts",
    "scripts/*.{ts,mjs}",
    "bench/lib/*.mjs",
    // Started as a program of its own by the benchmark.
    "bench/lib/limit-waitlist-server.ts",
    "plugins/*/index.js",
    "test/fixtures/**/*.ts",
  ],
  project: ["**/*.{ts,tsx,js,mjs,mdx}"],
  ignore: ["bench/peer/**"],
  // An export its own file uses is no dead code: only what nothing uses is reported.
  ignoreExportsUsedInFile: true,
  ignoreDependencies: [
    // Named as strings: Babel's presets in jest-preprocess.js, and a data file read with require (throwaway-domains.ts).
    "babel-preset-gatsby",
    "@babel/preset-typescript",
    "disposable-email-domains",
    // Types of packages that ship none, read by TypeScript alone.
    "@types/mailparser",
    "@types/smtp-server",
  ],
  // Debian's programs the tests run: util-linux's `script` gives the server a terminal, `spamassassin` scores mails.
  ignoreBinaries: ["script", "spamassassin"],
}

export default config
