/**
 * Jest set up as Gatsby's unit-testing guide does it:
 * https://www.gatsbyjs.com/docs/how-to/testing/unit-testing/
 *
 * `npm run test:unit` runs these: no build, no root. Suites named
 * *.build.test.ts need the production build (they build it when it is
 * stale), *.root.test.ts need root (they mount file systems): both run
 * through jest.built.config.js, and *.serial.test.ts after them, one at a
 * time, through jest.serial.config.js.
 */
module.exports = {
  transform: { "^.+\\.[jt]sx?$": "<rootDir>/jest-preprocess.js" },
  modulePathIgnorePatterns: ["<rootDir>/bench/peer/", "<rootDir>/bench/.out/"],
  testPathIgnorePatterns: [
    "node_modules",
    "\\.cache",
    "<rootDir>.*/public",
    "<rootDir>/e2e",
    "<rootDir>/bench",
    "\\.serial\\.test\\.ts$",
    "\\.build\\.test\\.tsx?$",
    "\\.root\\.test\\.ts$",
  ],
  // otplib's base32 and hash packages (@scure, @noble) and github-slugger ship ES modules only: Babel turns them into what Jest runs.
  transformIgnorePatterns: ["node_modules/(?!(gatsby|gatsby-script|gatsby-link|@scure|@noble|github-slugger)/)"],
  globals: { __PATH_PREFIX__: "" },
  testEnvironment: "jsdom",
  testEnvironmentOptions: { url: "http://localhost/" },
  setupFiles: ["<rootDir>/loadershim.js"],
  globalSetup: "<rootDir>/test/support/jest-global-setup.ts",
  setupFilesAfterEnv: ["<rootDir>/jest.setup.ts"],
}
