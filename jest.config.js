// Jest for the pure pieces and components, wired for Gatsby as its docs describe:
// https://www.gatsbyjs.com/docs/how-to/testing/unit-testing/
module.exports = {
  testEnvironment: "jsdom",
  roots: ["<rootDir>/__tests__/unit"],
  testMatch: ["**/*.test.ts?(x)"],
  transform: { "^.+\\.[jt]sx?$": "<rootDir>/__tests__/support/jest-preprocess.js" },
  moduleNameMapper: {
    "\\.module\\.css$": "<rootDir>/__tests__/support/css-module.js",
    "\\.css$": "<rootDir>/__tests__/support/css-module.js",
    "^gatsby$": "<rootDir>/__tests__/support/gatsby-mock.tsx",
  },
  testPathIgnorePatterns: ["node_modules", "\\.cache", "<rootDir>/public"],
  transformIgnorePatterns: ["node_modules/(?!(gatsby|gatsby-script|gatsby-link)/)"],
  globals: { __PATH_PREFIX__: "", __BASE_PATH__: "" },
  setupFilesAfterEnv: ["<rootDir>/__tests__/support/jest-setup.ts"],
};
