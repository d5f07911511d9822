// `npm run build`'s second half: server/main.ts and our code behind it (the doors, actions, rules) bundled into one
// plain ES module, dist/server.mjs, so `npm start` runs it on bare Node. Under tsx the production server paid for a
// module-loader thread, esbuild's transform of every file at start and, because tsx turns source maps on for the
// whole process, a parsed source map of every chunk Next loaded (docs/decisions/0016-memory-at-start.md). `npm run
// dev` still runs server/main.ts under tsx, for its reloads.
//
// Packages stay outside the bundle, imported from node_modules as they are, so the process has one copy of Next,
// React and Prisma's runtime, the ones Next's own chunks use. next-auth is the exception: its ES modules import
// "next/server" without the ".js" that bare Node asks for (bundlers and tsx forgive it), so it is bundled and
// its imports of Next's subpaths are written with the extension.
import { build } from "esbuild";
import fs from "node:fs";

const BUNDLED = ["next-auth"];
const isBundled = (spec) => BUNDLED.some((p) => spec === p || spec.startsWith(`${p}/`));

await build({
  entryPoints: ["server/main.ts"],
  outfile: "dist/server.mjs",
  bundle: true,
  // .ts before .tsx: components/ui/when.ts (time in words, which the rules' Markdown reads) sits beside When.tsx, and
  // esbuild's default order (.tsx first) takes the component's name for it on a case-insensitive match.
  resolveExtensions: [".ts", ".tsx", ".mjs", ".js", ".json"],
  platform: "node",
  format: "esm",
  target: "node20",
  logLevel: "warning",
  // The bundled CommonJS parts (there are a few in next-auth's tree) call require.
  banner: {
    js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  },
  plugins: [
    {
      name: "packages-outside",
      setup(b) {
        b.onResolve({ filter: /^next\/[a-z-]+$/ }, (a) => ({ path: `${a.path}.js`, external: true }));
        // A bare specifier (a package, `node:` built-ins included) is imported at run time, except next-auth's.
        // (Go's regular expressions have no look-ahead: the function tells the relative and "@/" paths apart.)
        b.onResolve({ filter: /.*/ }, (a) => {
          if (a.kind === "entry-point" || /^[./]|^@\//.test(a.path) || isBundled(a.path)) return undefined;
          return { path: a.path, external: true };
        });
      },
    },
  ],
});

// An ES module's static imports all run before its first line, and the bundle's imports of Next read NODE_ENV and
// need the globals Next's baseline sets: this entry sets both first, then loads the bundle.
//
// In production it also hands Next the config the build resolved (.next/required-server-files.json), as Next's own
// standalone server does: otherwise Next would find next.config.ts and compile it with SWC at every start, and SWC's
// native module would stay mapped in the process for good (docs/decisions/0016-memory-at-start.md).
fs.writeFileSync(
  "dist/start.mjs",
  `// Written by scripts/bundle-server.mjs: what \`npm start\` runs.
import fs from "node:fs";
const dev = process.argv.includes("--dev");
process.env.NODE_ENV ??= dev ? "development" : "production";
if (!dev)
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG ??= JSON.stringify(
    JSON.parse(fs.readFileSync(".next/required-server-files.json", "utf8")).config,
  );
await import("next/dist/server/node-environment-baseline.js");
await import("./server.mjs");
`,
);
console.log("bundled server/main.ts into dist/server.mjs (npm start runs dist/start.mjs)");
