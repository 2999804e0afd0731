/**
 * The suites that must run alone, after the others (`npm run test:built`
 * runs them with --runInBand): they rebuild the site that the other
 * suites' servers serve.
 */
const base = require("./jest.config")

module.exports = {
  ...base,
  testMatch: ["**/*.serial.test.ts"],
  testPathIgnorePatterns: base.testPathIgnorePatterns.filter((pattern) => !pattern.includes("serial")),
}
