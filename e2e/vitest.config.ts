// End-to-end tests: the built app served by `next start`, driven over HTTP and in real Chromium.
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "..") } },
  test: {
    include: ["e2e/**/*.e2e.ts"],
    globalSetup: ["e2e/setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    pool: "forks",
  },
});
