/**
 * Jest set up as Gatsby's unit-testing guide does it:
 * https://www.gatsbyjs.com/docs/how-to/testing/unit-testing/
 */
module.exports = {
  transform: { "^.+\\.[jt]sx?$": "<rootDir>/jest-preprocess.js" },
  modulePathIgnorePatterns: ["<rootDir>/bench/peer/", "<rootDir>/bench/.out/"],
  // *.serial.test.ts rebuild the site the other suites serve: jest.serial.config.js runs them after, one at a time.
  testPathIgnorePatterns: ["node_modules", "\\.cache", "<rootDir>.*/public", "<rootDir>/e2e", "<rootDir>/bench", "\\.serial\\.test\\.ts$"],
  transformIgnorePatterns: ["node_modules/(?!(gatsby|gatsby-script|gatsby-link)/)"],
  globals: { __PATH_PREFIX__: "" },
  testEnvironment: "jsdom",
  testEnvironmentOptions: { url: "http://localhost/" },
  setupFiles: ["<rootDir>/loadershim.js"],
  globalSetup: "<rootDir>/test/support/jest-global-setup.ts",
  setupFilesAfterEnv: ["<rootDir>/jest.setup.ts"],
}
