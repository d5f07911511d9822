// Lint: typescript-eslint's recommended rules, React's rules of hooks, Next's own rules, and the one-way
// dependency rules of the house (STYLE.md), one per layer: rules import nothing but rules; actions never a door;
// the generated doors only the operations; components no server code but its types.
import js from "@eslint/js";
import nextPlugin from "@next/eslint-plugin-next";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * The modules whose index.ts is their only surface: from outside a module, import its folder (its index.ts), never a
 * file inside it; inside a module, relative imports are free. Each pattern names a path past a module's index, from
 * the project's root ("@/server/…"), from anywhere by its layer ("…/actions/game/…"), or from a sibling module
 * ("../game/…", which is past an index whichever layer the sibling is in).
 */
const MODULES = {
  actions: ["game", "council", "checkpoint", "moderation"],
  rules: ["game", "council", "checkpoint"],
};
const SURFACES = {
  group: [
    ...Object.entries(MODULES).flatMap(([layer, names]) =>
      names.flatMap((m) => [`@/server/${layer}/${m}/*`, `**/${layer}/${m}/*`, `./${layer}/${m}/*`]),
    ),
    ...[...new Set(Object.values(MODULES).flat())].flatMap((m) => [`../${m}/*`, `../../${m}/*`]),
    // a module's fixtures are data (a worked example, a valid declaration), read where they are
    "!**/fixtures",
  ],
  message: "A module's index.ts is its only surface: import the module's folder, not a file inside it.",
};
/**
 * Tests may also reach a module's test surface, its testing.ts or test-kit.ts (builders and fixtures' states), and its constants
 * whole (the docs' test holds every number the docs state against them).
 */
const TEST_SURFACES = {
  ...SURFACES,
  group: [...SURFACES.group, "!**/testing", "!**/test-kit", "!**/constants"],
};
const TESTS = ["**/*.test.ts", "**/*.test.tsx", "**/testing.ts", "server/testing/**", "e2e/**"];

/** What the actions and the operations never import: a door, a page, a component, the framework. */
const BELOW_DOORS = ["**/doors/*", "@/server/doors/*", "@/app/*", "@/components/*", "next", "next/*"];

/** A layer's own files (its tests aside): the modules' surfaces, and what the layer never imports. */
const layer = (files, pattern) => ({
  files,
  ignores: ["**/*.test.ts"],
  rules: { "no-restricted-imports": ["error", { patterns: [SURFACES, pattern] }] },
});

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      ".next/",
      "dist/",
      "data/",
      "server/generated/",
      "**/*.tmp.*",
      "next-env.d.ts",
      "bench/results/",
      "e2e/screenshots/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "@next/next": nextPlugin },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs["core-web-vitals"].rules,
    },
  },
  {
    files: ["**/*.mjs", "**/*.js"],
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        performance: "readonly",
        URL: "readonly",
        crypto: "readonly",
        fetch: "readonly",
        setTimeout: "readonly",
        WebAssembly: "readonly",
      },
    },
  },
  {
    // the peer's scripts run in the temporary folder boardgame.io is installed into: plain CommonJS for Node
    files: ["bench/peer/*.cjs"],
    languageOptions: {
      sourceType: "commonjs",
      globals: {
        require: "readonly",
        module: "writable",
        process: "readonly",
        console: "readonly",
        performance: "readonly",
        fetch: "readonly",
      },
    },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-non-null-assertion": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Everywhere, tests included; the layers below repeat it beside their own patterns, as a later block's
      // setting of a rule replaces an earlier one's.
      "no-restricted-imports": ["error", { patterns: [SURFACES] }],
    },
  },
  {
    files: TESTS,
    rules: { "no-restricted-imports": ["error", { patterns: [TEST_SURFACES] }] },
  },
  {
    files: ["server/rules/**/*.ts"],
    ignores: ["server/rules/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            SURFACES,
            {
              group: ["@/server/*", "!@/server/rules", "!@/server/rules/*"],
              message: "Rules are pure: import only other rules.",
            },
            { group: ["../../*", "!../../rules/*"], message: "Rules are pure: import only other rules." },
            {
              group: [
                "@/app/*",
                "@/components/*",
                "next",
                "next/*",
                "react",
                "pg",
                "@prisma/*",
                "node:fs",
                "node:http",
                "fs",
              ],
              message: "Rules are pure: no I/O, no framework.",
            },
          ],
        },
      ],
      "no-restricted-properties": [
        "error",
        { object: "Math", property: "random", message: "Rules are pure: a seed is an argument." },
        { object: "Date", property: "now", message: "Rules are pure: time is an argument." },
      ],
    },
  },
  {
    files: ["components/**/*.ts", "components/**/*.tsx"],
    // A component's test may build its fixture with the rules (a long game's view, say); the component may not.
    ignores: ["components/**/*.test.ts", "components/**/*.test.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/server/rules", "@/server/rules/*", "**/server/rules/**"],
              message: "Components never re-derive a rule: ask the server (may, your_payoff, audits).",
              allowTypeImports: true,
            },
            {
              group: ["@/server/*", "@/server/**", "**/server/**"],
              message:
                "Components reach the server through a door (tRPC), not its insides: import its types only.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  layer(["server/actions/**/*.ts"], { group: BELOW_DOORS, message: "Actions never depend on a door." }),
  layer(["server/operations/**/*.ts"], {
    group: BELOW_DOORS,
    message: "Operations declare actions; they never depend on a door.",
  }),
  layer(["server/doors/serve.ts", "server/doors/{rest,trpc,mcp}/**/*.ts"], {
    group: ["**/actions", "**/actions/*", "@/server/actions", "@/server/actions/*", "**/rules/*/**"],
    message: "A generated door reaches the actions only through the operation declarations.",
  }),
);
