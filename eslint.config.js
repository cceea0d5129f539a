// ESLint (flat config) for the `lint` stage of `npm test`: typescript-eslint's recommended rules
// (syntactic only, so the stage stays fast), the rules of hooks, and jsx-a11y on every component.
// Errors and warnings (exhaustive-deps, unused disable directives) both fail the stage (--max-warnings=0).
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "node_modules/",
      ".cache/",
      ".data/",
      ".wrangler/",
      ".partykit/",
      "test-results*/",
      "playwright-report/",
      "tests/e2e/.screens/",
      "db/migrations/",
      "public/",
      "docs/",
      "**/*.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.node, ...globals.browser, ...globals.serviceworker },
    },
    linterOptions: { reportUnusedDisableDirectives: "warn" },
    rules: {
      // `_`-prefixed names are the house way to say "deliberately unused" (a loader's unused args,
      // a destructured field dropped from a copy); without this the rule fires on every one of them.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    // React lives in app/ only. Elsewhere `use` is Playwright's fixture callback, not React's hook, and
    // rules-of-hooks would flag every fixture that calls it.
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    files: ["**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Our vendored primitives render the native control: a label wrapping <Input> is associated.
      "jsx-a11y/label-has-associated-control": ["error", { controlComponents: ["Input", "Textarea"], depth: 3 }],
    },
  },
  {
    // Screens and page routes talk to the server through the one client (app/lib/api-client.ts: typed
    // answers, plain errors, where the floor's outbox plugs in), and ask their questions in the app's own
    // dialog (app/components/ui/confirm-dialog.tsx). Resource routes (api.*) and server modules run on the
    // server, where fetch reaches other services.
    files: ["app/components/**/*.{ts,tsx}", "app/routes/**/*.{ts,tsx}"],
    ignores: ["app/routes/api.*", "**/*.server.ts"],
    rules: {
      "no-restricted-globals": [
        "error",
        { name: "fetch", message: "Call /api through apiFetch (app/lib/api-client.ts): one client, typed answers, plain errors." },
        { name: "confirm", message: "Ask with useConfirm (app/components/ui/confirm-dialog.tsx), the app's own dialog." },
      ],
      "no-restricted-properties": [
        "error",
        { object: "window", property: "fetch", message: "Call /api through apiFetch (app/lib/api-client.ts)." },
        { object: "globalThis", property: "fetch", message: "Call /api through apiFetch (app/lib/api-client.ts)." },
        { object: "window", property: "confirm", message: "Ask with useConfirm (app/components/ui/confirm-dialog.tsx)." },
      ],
    },
  },
  {
    // Tests read JSON answers whose shape is the thing under test; typing each body would restate the
    // assertion. Production code keeps the rule.
    files: ["tests/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
