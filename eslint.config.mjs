// `npm run lint`: type-aware rules that catch bugs the compiler lets through (promises nobody
// awaits or handles, promises passed where a callback's result is ignored, awaiting what is
// not a promise, throwing non-errors), not style. docs/development.md, "The linter".
import js from "@eslint/js";
import tseslint from "typescript-eslint";

const unusedVars = [
  "error",
  {
    // `_name` marks a value kept on purpose (an omitted key in a rest destructuring, an unused parameter).
    argsIgnorePattern: "^_",
    varsIgnorePattern: "^_",
    caughtErrorsIgnorePattern: "^_",
    destructuredArrayIgnorePattern: "^_",
    ignoreRestSiblings: true,
  },
];

export default tseslint.config(
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      "dist/**",
      "coverage/**",
      ".data/**",
      ".test-results/**",
      "bench/results/**",
      "playwright-report/**",
      "test-results/**",
      "src/generated/**",
      "next-env.d.ts",
      // The SDK is its own package (sdk/): it has its own build and tests.
      "sdk/**",
    ],
  },
  {
    files: ["**/*.ts", "**/*.tsx", "**/*.mts", "**/*.cts"],
    extends: [tseslint.configs.base],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // A promise is awaited, returned, or handed to runDetached (src/foundation/detached.ts;
      // src/dashboard/lib/detached.ts in the browser), which logs its failure: `void p` does not count.
      "@typescript-eslint/no-floating-promises": ["error", { ignoreVoid: false }],
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/only-throw-error": "error",
      "@typescript-eslint/prefer-promise-reject-errors": "error",
      "@typescript-eslint/no-base-to-string": "error",
      "@typescript-eslint/restrict-template-expressions": "error",
      "@typescript-eslint/restrict-plus-operands": "error",
      "@typescript-eslint/no-unnecessary-type-assertion": "error",
      "@typescript-eslint/no-unused-vars": unusedVars,
      // An async function without `await` is fine (it returns a promise by contract).
      "@typescript-eslint/require-await": "off",
    },
  },
  {
    // Tests may start a promise on purpose and look at it later (or never, when it must stay
    // pending): `void p` says so. A rejection there still fails the run (Vitest reports it).
    files: ["tests/**/*.ts"],
    rules: { "@typescript-eslint/no-floating-promises": ["error", { ignoreVoid: true }] },
  },
  {
    // Plain JavaScript (scripts/, config files, a test preload): syntax-level rules only, no type information.
    files: ["**/*.mjs", "**/*.cjs", "**/*.js"],
    extends: [js.configs.recommended],
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        URL: "readonly",
        fetch: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        setInterval: "readonly",
        clearInterval: "readonly",
        Buffer: "readonly",
        AbortController: "readonly",
        AbortSignal: "readonly",
        TextEncoder: "readonly",
        TextDecoder: "readonly",
        performance: "readonly",
        structuredClone: "readonly",
        Response: "readonly",
        Request: "readonly",
        Headers: "readonly",
      },
    },
    rules: { "no-unused-vars": unusedVars },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { require: "readonly", module: "writable", __dirname: "readonly" } },
  },
);
