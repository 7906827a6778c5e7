import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  root: fileURLToPath(new URL("..", import.meta.url)),
  test: {
    include: ["test/**/*.test.ts"],
    // A guard against a hang, not a measure: two files share the machine's cores, so a heavy test may take
    // a few times its time alone.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: "forks",
    // Test files share a worker's modules: what one compiles (the rules, most often) the next reuses
    // (compiler/compile-memo.ts) rather than each file compiling and loading them again.
    isolate: false,
    // Every core: vitest's default leaves one free, which on a two-core machine runs the files one by one.
    maxWorkers: "100%",
  },
});
