// Starts the `l5r` command.  `check` and `compile` run from a bundle of the command's TypeScript
// sources, kept under node_modules/.cache and rebuilt (in a fraction of a second) whenever a source
// is newer: loading each module through tsx waits on tsx's loader thread, so an author's
// `l5r check rules` takes about 0.7 s instead of 1.5 s.  The other commands import TypeScript
// at run time (the freshly compiled rules, the scenarios), so they run from the sources through tsx.
import { mkdirSync, readdirSync, renameSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = dirname(here);
const FROM_BUNDLE = new Set(["check", "compile"]);

/** The newest modification time of the sources a bundle is made from. */
function newestSource() {
  let newest = statSync(join(root, "package-lock.json")).mtimeMs;
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

/** The bundle's path, built first when it is missing or older than a source. */
async function freshBundle() {
  const dir = process.env.L5R_BUNDLE_DIR ?? join(root, "node_modules", ".cache", "l5r-cli");
  const bundle = join(dir, "cli.mjs");
  let built = -1;
  try {
    built = statSync(bundle).mtimeMs;
  } catch {
    // not built yet
  }
  if (built >= newestSource()) return bundle;
  mkdirSync(dir, { recursive: true });
  const { build } = await import("esbuild");
  // Written beside and renamed into place, so that a run started meanwhile never loads half a file.
  const partial = join(dir, `cli-${process.pid}.mjs`);
  await build({
    entryPoints: [join(here, "cli.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile: partial,
    logLevel: "error",
    // Dependencies that load as installed (the bundle sits inside node_modules): the code generator's,
    // and esbuild, which `l5r bench` uses and which cannot be bundled.
    external: ["ts-morph", "prettier", "esbuild"],
  });
  renameSync(partial, bundle);
  return bundle;
}

if (FROM_BUNDLE.has(process.argv[2])) {
  await import(pathToFileURL(await freshBundle()).href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import(pathToFileURL(join(here, "cli.ts")).href);
}
