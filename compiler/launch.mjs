#!/usr/bin/env node
// Starts the `l5r` command.  `check`, `compile`, `import` and `corpus` run from a bundle of the
// command's TypeScript sources, kept under node_modules/.cache and rebuilt (in a fraction of a second)
// whenever a source is newer: loading each module through tsx waits on tsx's loader thread, which took
// about half a second of an author's `l5r check`.  `check`, `import` and `corpus` run with the V8 flags
// of short runs (short-run-flags.mjs).  The other commands import TypeScript at run time (the freshly
// compiled rules, the scenarios), so they run from the sources through tsx.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { setFlagsFromString } from "node:v8";

const here = dirname(fileURLToPath(import.meta.url));
const root = dirname(here);
const FROM_BUNDLE = new Set(["check", "compile", "import", "corpus"]);

/** The newest modification time of the sources a bundle is made from. */
function newestSource() {
  // The launcher's own build settings count too.
  let newest = Math.max(statSync(join(root, "package-lock.json")).mtimeMs, statSync(fileURLToPath(import.meta.url)).mtimeMs);
  const visit = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, e.name);
      if (e.isDirectory()) visit(full);
      else if (e.name.endsWith(".ts")) newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  // Everything cli.ts can import (the bench and the committed generated code included).
  for (const dir of ["compiler", "grammar", "runtime", "generated", "bench"]) visit(join(root, dir));
  return newest;
}

/** How long a superseded bundle is kept: a run that started on it may still load its chunks. */
const KEEP_OLD_MS = 60 * 60 * 1000;

/**
 * The bundle's entry file, built first when there is none or it is older than a source.  Each build is a
 * folder of its own (code split by command, so that `check` never loads the code generator's
 * TypeScript); the file `current` names the one to use and is replaced in one rename.
 */
async function freshBundle() {
  const dir = process.env.L5R_BUNDLE_DIR ?? join(root, "node_modules", ".cache", "l5r-cli");
  const current = join(dir, "current");
  try {
    const entry = join(dir, readFileSync(current, "utf8"), "cli.js");
    if (statSync(current).mtimeMs >= newestSource() && existsSync(entry)) return entry;
  } catch {
    // not built yet
  }
  mkdirSync(dir, { recursive: true });
  const { build } = await import("esbuild");
  const name = `build-${Date.now()}-${process.pid}`;
  const built = build({
    entryPoints: [join(here, "cli.ts")],
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outdir: join(dir, name),
    logLevel: "error",
    // Dependencies that load as installed (the bundle sits inside node_modules): the code generator's,
    // and esbuild, which `l5r bench` uses and which cannot be bundled.
    external: ["ts-morph", "prettier", "esbuild", "cli-progress", "commander"],
  });
  // A source that does not build (esbuild has printed why): one line more, and exit 2.
  if (!(await built.then(() => true, () => false))) {
    process.stderr.write("l5r: the command's sources do not build (see above)\n");
    process.exit(2);
  }
  const partial = join(dir, `current-${process.pid}`);
  writeFileSync(partial, name);
  renameSync(partial, current);
  for (const old of readdirSync(dir)) {
    if (old.startsWith("build-") && old !== name && Date.now() - statSync(join(dir, old)).mtimeMs > KEEP_OLD_MS) rmSync(join(dir, old), { recursive: true, force: true });
  }
  return join(dir, name, "cli.js");
}

if (FROM_BUNDLE.has(process.argv[2])) {
  const { SHORT_RUNS, SHORT_RUN_V8_FLAGS } = await import("./short-run-flags.mjs");
  if (SHORT_RUNS.has(process.argv[2])) for (const flag of SHORT_RUN_V8_FLAGS) setFlagsFromString(flag);
  await import(pathToFileURL(await freshBundle()).href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import(pathToFileURL(join(here, "cli.ts")).href);
}
