import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import prettier from "eslint-config-prettier";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "public/",
      ".cache/",
      "node_modules/",
      ".netlify/",
      // the stores and the browser tests' deploy-preview build (scripts/test-all.mjs)
      ".data/",
      "src/gatsby-types.d.ts",
      "test-results/",
      "playwright-report/",
      "bench/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-require-imports": "off",
    },
  },
  {
    files: ["scripts/**/*.mjs", "**/*.js"],
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        Buffer: "readonly",
        URL: "readonly",
        __dirname: "readonly",
        module: "writable",
        require: "readonly",
        URLSearchParams: "readonly",
        fetch: "readonly",
        performance: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        setInterval: "readonly",
        clearInterval: "readonly",
        AbortSignal: "readonly",
      },
    },
  },
  {
    // Gatsby's server-side bundle provides node-fetch 2 for a bare `fetch`, and with it whatwg-url's use of the
    // `punycode` module, which Node 22+ deprecates: the build then printed " ERROR  UNKNOWN" and a DEP0040 warning
    files: ["src/**/*.ts", "src/**/*.tsx"],
    ignores: ["src/server/**", "src/api/**", "src/node/**"],
    rules: {
      "no-restricted-globals": [
        "error",
        { name: "fetch", message: "Use globalThis.fetch: a bare fetch brings node-fetch into the SSR bundle." },
      ],
    },
  },
  {
    // src/lib/ is pure TypeScript shared by the build, the functions and the pages: code that needs the browser's
    // document, window or storage lives in src/browser/ (docs/architecture.md#layers)
    files: ["src/lib/**/*.ts"],
    rules: {
      "no-restricted-globals": [
        "error",
        { name: "fetch", message: "Use globalThis.fetch: a bare fetch brings node-fetch into the SSR bundle." },
        ...["window", "document", "navigator", "location", "localStorage", "sessionStorage", "requestIdleCallback"].map(
          (name) => ({ name, message: "src/lib/ is pure TypeScript: browser code goes in src/browser/." }),
        ),
      ],
    },
  },
  {
    // SQL lives only in src/server/store/ (docs/architecture.md#layers): a statement written anywhere else fails here
    files: ["src/**/*.ts", "src/**/*.tsx", "netlify/**/*.ts", "scripts/leads.ts"],
    ignores: ["src/server/store/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...["Literal[value=/^\\s*(SQL)\\s/]", "TemplateElement[value.raw=/^\\s*(SQL)\\s/]"].map((selector) => ({
          selector: selector.replace(
            "SQL",
            "SELECT|INSERT|UPDATE|DELETE|WITH|CREATE|ALTER|DROP|TRUNCATE|LOCK|VACUUM|CHECKPOINT|BEGIN|COMMIT",
          ),
          message: "SQL lives in src/server/store/: call a function of the store's instead.",
        })),
      ],
    },
  },
  {
    // Playwright fixtures take a `use` callback that is not a React hook
    files: ["__tests__/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  prettier,
);
