/**
 * The suites that need the production build (*.build.test.ts) or root
 * (*.root.test.ts): `npm run test:built` runs them (see jest.config.js).
 */
const base = require("./jest.config")

module.exports = {
  ...base,
  testMatch: ["**/*.build.test.ts", "**/*.build.test.tsx", "**/*.root.test.ts"],
  testPathIgnorePatterns: base.testPathIgnorePatterns.filter(
    (pattern) => !pattern.includes("build") && !pattern.includes("root"),
  ),
}
