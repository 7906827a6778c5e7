// The package as npm packs it, installed in an empty folder (its production dependencies linked in,
// as npm would place them, without a registry): `l5r check`, `compile`, `test` and `play` work on a
// user's own cards there.  The real `npm install` of the tarball is in README's figures.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "l5r-package-"));
const app = join(scratch, "app");
let packed: string[] = [];

const CARDS = `rules "My cards"

card "My Strike" {
  type Strategy
  goldCost 0
  focusValue 1
  text {
    Limited: Bow target Personality.
  }
}

scenario "My Strike bows its target" {
  players p1, p2
  put b = Personality { chi 1 } in p2.home
  put t = "My Strike" in p1.hand
  take t by p1
  expect b.bowed
}
`;

function run(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((done) => {
    const child = spawn(join(app, "node_modules/.bin/l5r"), args, { cwd: app, env: { ...process.env, NO_COLOR: "1" } });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("close", (code) => done({ code, out, err }));
  });
}

beforeAll(() => {
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const report = JSON.parse(execFileSync(npm, ["pack", "--json", "--pack-destination", scratch], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] })) as { filename: string; files: { path: string }[] }[];
  packed = report[0]!.files.map((f) => f.path);
  mkdirSync(join(app, "node_modules", ".bin"), { recursive: true });
  execFileSync("tar", ["xzf", join(scratch, report[0]!.filename), "-C", join(app, "node_modules")]);
  renameSync(join(app, "node_modules", "package"), join(app, "node_modules", "l5r-rules"));
  // The production dependencies (npm ls --omit=dev), each top-level one linked where npm puts it.
  const parseable = spawnSync(npm, ["ls", "--omit=dev", "--all", "--parseable"], { cwd: root, encoding: "utf8" }).stdout.trim().split("\n");
  const top = new Set(parseable.map((p) => relative(join(root, "node_modules"), p)).filter((p) => p && !p.startsWith("..") && !p.includes(`${sep}node_modules${sep}`)));
  for (const name of top) {
    const to = join(app, "node_modules", name);
    mkdirSync(dirname(to), { recursive: true });
    if (!existsSync(to)) symlinkSync(join(root, "node_modules", name), to, "dir");
  }
  // What npm does for a `bin`: a link in .bin, made executable.
  const bin = join(app, "node_modules", "l5r-rules", "compiler", "launch.mjs");
  chmodSync(bin, 0o755);
  symlinkSync(relative(join(app, "node_modules", ".bin"), bin), join(app, "node_modules", ".bin", "l5r"));
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "my-cards", private: true }));
  writeFileSync(join(app, "my-cards.l5r"), CARDS);
  // A deck of the user's: the demo Crane deck with the user's card in the place of one card.
  const demo = readFileSync(join(root, "rules/cards/demo-decks.l5r"), "utf8");
  const crane = demo.slice(demo.indexOf('deck "Crane Duelists"'), demo.indexOf("\ndeck ", demo.indexOf('deck "Crane Duelists"')));
  const decks = crane.replace('deck "Crane Duelists"', 'deck "My Crane"').replace('1 "Test of Might"', '1 "My Strike"');
  expect(decks).toContain('1 "My Strike"');
  writeFileSync(join(app, "my-decks.l5r"), decks);
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the packed package installed in an empty folder", () => {
  it("ships what the commands load, with a bin, and leaves the repository's tests, bench and playground out", () => {
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { bin: Record<string, string> };
    expect(pkg.bin).toEqual({ l5r: "compiler/launch.mjs" });
    expect(readFileSync(join(root, pkg.bin.l5r), "utf8").split("\n")[0]).toBe("#!/usr/bin/env node");
    for (const f of ["compiler/launch.mjs", "compiler/cli.ts", "grammar/parser.ts", "runtime/api.ts", "generated/index.ts", "rules/duels.l5r", "rules/cards/demo-decks.l5r", "compiler/format/prettier-plugin.mjs", "editors/vscode/package.json"]) expect(packed).toContain(f);
    expect(packed.filter((f) => /^(test|bench|playground)\//.test(f))).toEqual([]);
  });

  it("l5r check, compile, test and play work on the user's own cards", async () => {
    const [check, compile, test, play] = await Promise.all([
      run(["check", "my-cards.l5r"]),
      run(["compile", "my-cards.l5r", "--out", "out"]),
      run(["test", "my-cards.l5r"]),
      run(["play", "my-cards.l5r", "my-decks.l5r", "--decks", "My Crane,Lion Honor", "--seed", "4"]),
    ]);
    expect(check, check.err).toMatchObject({ code: 0, out: "" });
    expect(check.err).toContain("checked 1 file(s): 0 error(s), 0 warning(s)");
    expect(compile.code, compile.err).toBe(0);
    expect(readFileSync(join(app, "out/extra/my-cards.ts"), "utf8")).toContain('from "l5r-rules/runtime/api.ts"');
    const loaded = spawnSync(process.execPath, ["--import", "tsx", "-e", 'import("./out/index.ts").then((m) => console.log(m.bundle.cards.some((c) => c.title === "My Strike")))'], { cwd: app, encoding: "utf8" });
    expect(loaded.stdout.trim(), loaded.stderr).toBe("true");
    expect(test, test.err).toMatchObject({ code: 0, out: "1 passed, 0 failed\n" });
    expect(play.code, play.err).toBe(0);
    expect(play.out.split("\n")[0]).toBe("A game of L5R (seed 4): My Crane vs Lion Honor");
    expect(play.out.trim().split("\n").pop()).toMatch(/^(Winner: .+ \(.+ victory\)|Draw: .+)$/);
  });
});
