/**
 * Jest set up as Gatsby's unit-testing guide does it:
 * https://www.gatsbyjs.com/docs/how-to/testing/unit-testing/
 */
module.exports = {
  transform: { "^.+\\.[jt]sx?$": "<rootDir>/jest-preprocess.js" },
  moduleNameMapper: {
    ".+\\.(css|styl|less|sass|scss)$": "identity-obj-proxy",
    ".+\\.(jpg|jpeg|png|gif|eot|otf|webp|svg|ttf|woff|woff2|mp4|webm|wav|mp3|m4a|aac|oga)$": "<rootDir>/__mocks__/file-mock.js",
  },
  modulePathIgnorePatterns: ["<rootDir>/bench/peer/", "<rootDir>/bench/.out/"],
  testPathIgnorePatterns: ["node_modules", "\\.cache", "<rootDir>.*/public", "<rootDir>/e2e", "<rootDir>/bench"],
  transformIgnorePatterns: ["node_modules/(?!(gatsby|gatsby-script|gatsby-link)/)"],
  globals: { __PATH_PREFIX__: "" },
  testEnvironment: "jsdom",
  testEnvironmentOptions: { url: "http://localhost/" },
  setupFiles: ["<rootDir>/loadershim.js"],
  globalSetup: "<rootDir>/src/testing/jest-global-setup.ts",
  setupFilesAfterEnv: ["<rootDir>/jest.setup.ts"],
}
