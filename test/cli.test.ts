// The `l5r` command: output formats and exit codes (0 ok, 1 findings or failures, 2 bad usage).
import { afterAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { l5r } from "./run-cli.ts";

const scratch = mkdtempSync(join(tmpdir(), "l5r-cli-"));
const file = (name: string, text: string) => {
  const p = join(scratch, name);
  writeFileSync(p, text);
  return p;
};

describe("compiler/launch.mjs (what npm run l5r runs)", () => {
  // A bundle folder of the test's own, inside node_modules so the bundle finds its external packages.
  mkdirSync(join("node_modules", ".cache"), { recursive: true }); // a fresh install has none yet
  const bundleDir = mkdtempSync(join("node_modules", ".cache", "l5r-cli-test-"));
  const launch = (...args: string[]) => {
    const r = spawnSync(process.execPath, ["compiler/launch.mjs", ...args], { encoding: "utf8", env: { ...process.env, NO_COLOR: "1", L5R_BUNDLE_DIR: bundleDir } });
    return { code: r.status, out: r.stdout, err: r.stderr };
  };
  const current = join(bundleDir, "current");

  it("check runs from a bundle it builds when missing or older than a source, with the same output and exit as the sources", async () => {
    const p = file("launch-bad.l5r", `card "X" {\n  type Personalty\n}\n`);
    const first = launch("check", p);
    expect(first).toEqual(await l5r("check", p));
    expect(first.code).toBe(1);
    expect(first.out).toContain("did you mean 'Personality'?");
    const built = readFileSync(current, "utf8");
    expect(readdirSync(join(bundleDir, built))).toContain("cli.js");
    // Newer than every source: used as it is.
    expect(launch("check", p)).toEqual(first);
    expect(readFileSync(current, "utf8")).toBe(built);
    // Older than a source (as after an edit): built again, beside the old one (a run may still use it).
    utimesSync(current, new Date(0), new Date(0));
    expect(launch("check", p)).toEqual(first);
    const rebuilt = readFileSync(current, "utf8");
    expect(rebuilt).not.toBe(built);
    expect(readdirSync(bundleDir).sort()).toEqual([built, rebuilt, "current"].sort());
  });
  afterAll(() => rmSync(bundleDir, { recursive: true, force: true }));

  it("the other commands run from the sources through tsx", () => {
    const p = file("launch-scenario.l5r", `scenario "launch: a passing one" {\n  players p1, p2\n  expect p1.honor == 0\n}\n`);
    const r = launch("test", p);
    expect(r.code).toBe(0);
    expect(r.out.trim()).toBe("1 passed, 0 failed");
  });
});

describe("l5r check", () => {
  it("exits 0 on the project's rules", async () => {
    const r = await l5r("check", "rules");
    expect(r.code).toBe(0);
    expect(r.out).toBe("");
  });

  it("prints file:line:col: severity code: message and exits 1 on errors", async () => {
    const p = file("bad.l5r", `card "X" {\n  type Strategy\n  chi 3\n}\n`);
    const r = await l5r("check", p);
    expect(r.code).toBe(1);
    expect(r.out.trim()).toMatch(/^.*bad\.l5r:3:3: error card\/stat-not-on-type: a Strategy has no Chi$/);
  });

  it("--json prints one object: counts, and each diagnostic with offsets, lines and columns, and its related places", async () => {
    type Report = { files: number; errors: number; warnings: number; diagnostics: { code: string; file: string; start: { line: number; column: number }; end: { line: number; column: number }; related: { file: string; message: string }[] }[] };
    const bad = await l5r("check", file("json-bad.l5r", `card "X" {\n  type Strategy\n  chi 3\n}\n`), "--json");
    expect(bad.code).toBe(1);
    const errors = JSON.parse(bad.out) as Report;
    expect([errors.files, errors.errors, errors.warnings]).toEqual([1, 1, 0]);
    expect(errors.diagnostics).toHaveLength(1);
    expect(errors.diagnostics[0]).toMatchObject({ code: "card/stat-not-on-type", start: { line: 3, column: 3 }, end: { line: 3, column: 6 }, related: [] });
    expect(errors.diagnostics[0]!.file.endsWith("json-bad.l5r")).toBe(true);
    const odd = await l5r("check", file("json-odd.l5r", `card "X" {\n  type Strategy\n  text {\n    Limited: Bowe target Personality.\n  }\n}\n`), "--json");
    expect(odd.code).toBe(0);
    const warnings = JSON.parse(odd.out) as Report;
    expect([warnings.files, warnings.errors, warnings.warnings]).toEqual([1, 0, 1]);
    expect(warnings.diagnostics[0]).toMatchObject({ code: "unsupported/phrase", start: { line: 4, column: 14 }, end: { line: 4, column: 37 } });
    expect(warnings.diagnostics[0]!.related).toMatchObject([{ file: "rules/effects.l5r", message: 'the declared phrase "bow {c}"' }]);
    expect(odd.err.trim()).toBe("checked 1 file(s): 0 error(s), 1 warning(s)");
  });

  it("an unknown option is one line on stderr and exit 2", async () => {
    const r = await l5r("check", "--jsn");
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err.trim()).toBe("l5r: unknown option '--jsn' (check takes --json, --strict)");
  });

  it("reports every syntax error of a file with several mistakes", async () => {
    const p = file("many.l5r", `stat a "A"\nstat b\nflag c "c" "d"\nkind "e"\n`);
    const r = await l5r("check", p);
    expect(r.code).toBe(1);
    const lines = r.out.trim().split("\n");
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) expect(line).toMatch(/many\.l5r:\d+:\d+: error syntax\/[a-z-]+: /);
  });

  it("a missing path is one line on stderr and exit 2", async () => {
    const r = await l5r("check", "no/such/file.l5r");
    expect(r.code).toBe(2);
    expect(r.err.trim()).toBe("l5r: no such file or folder: no/such/file.l5r");
  });

  it("a file that is not .l5r is one line and exit 2", async () => {
    const r = await l5r("check", "package.json");
    expect(r.code).toBe(2);
    expect(r.err.trim().split("\n")).toHaveLength(1);
    expect(r.err).toContain("is not a .l5r file");
  });

  it("an unknown command is exit 2", async () => {
    const r = await l5r("frobnicate");
    expect(r.code).toBe(2);
    expect(r.err).toContain("unknown command 'frobnicate'");
  });

  it("a folder with no .l5r files is one line and exit 2", async () => {
    const dir = join(scratch, "empty-folder");
    mkdirSync(dir);
    writeFileSync(join(dir, "notes.txt"), "nothing here");
    const r = await l5r("check", dir);
    expect(r.code).toBe(2);
    expect(r.err.trim().split("\n")).toHaveLength(1);
    expect(r.err).toContain("holds no .l5r files");
  });

  it("a binary file is one line and exit 2", async () => {
    const p = join(scratch, "binary.l5r");
    writeFileSync(p, Buffer.from([0x63, 0x61, 0x72, 0x64, 0x00, 0xff, 0x10, 0x00]));
    const r = await l5r("check", p);
    expect(r.code).toBe(2);
    expect(r.err.trim().split("\n")).toHaveLength(1);
    expect(r.err).toContain("is a binary file");
  });

  it("a file that is not valid UTF-8 is one line and exit 2", async () => {
    const p = join(scratch, "latin1.l5r");
    writeFileSync(p, Buffer.from('card "Caf\xe9" {\n  type Strategy\n}\n', "latin1"));
    const r = await l5r("check", p);
    expect(r.code).toBe(2);
    expect(r.err.trim()).toMatch(/^l5r: .*latin1\.l5r is not valid UTF-8 text$/);
  });

  it("a 50 MB file is refused in one line with exit 2, without reading it", async () => {
    const p = join(scratch, "huge.l5r");
    writeFileSync(p, Buffer.alloc(50 * 1024 * 1024, 0x20));
    const r = await l5r("check", p);
    expect(r.code).toBe(2);
    expect(r.err.trim()).toMatch(/^l5r: .*huge\.l5r is 50 MB; sources are limited to 32 MB$/);
    rmSync(p);
  });
});

describe("l5r compile", () => {
  it("an output folder that cannot be written is one line, exit 2, and nothing half-written", async () => {
    const blocker = join(scratch, "a-file");
    writeFileSync(blocker, "in the way");
    const r = await l5r("compile", "--out", join(blocker, "generated"));
    expect(r.code).toBe(2);
    expect(r.err.trim().split("\n")).toHaveLength(1);
    expect(r.err).toMatch(/^l5r: cannot write .*generated \(ENOTDIR\); nothing was changed/);
    expect(readFileSync(blocker, "utf8")).toBe("in the way");
  });

  it("--out writes the whole generated tree into a new folder", async () => {
    const out = join(scratch, "out", "generated");
    mkdirSync(dirname(out), { recursive: true });
    const r = await l5r("compile", "--out", out);
    expect(r.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual([...readdirSync("generated"), "package.json"].sort());
    expect(JSON.parse(readFileSync(join(out, "package.json"), "utf8"))).toEqual({ type: "module" });
    expect(readdirSync(dirname(out))).toEqual(["generated"]);
  });
});

describe("l5r test", () => {
  it("runs a file's scenarios and ends with N passed, N failed", async () => {
    const r = await l5r("test", "rules/scenarios/duels.l5r");
    expect(r.code).toBe(0);
    expect(r.out.trim().split("\n").pop()).toMatch(/^\d+ passed, 0 failed$/);
  });

  it("prints each failure with its scenario and expectation, and exits 1", async () => {
    const p = file(
      "failing.l5r",
      `scenario "duel H: a deliberately wrong expectation" {\n  players p1, p2\n  put a = Personality { chi 4 } in p1.home\n  put b = Personality { chi 2 } in p2.home\n  challengeTo(a, b)\n  expect b in (last duel).winners\n}\n\nscenario "a passing one" {\n  players p1, p2\n  expect p1.honor == 0\n}\n`,
    );
    const r = await l5r("test", p);
    expect(r.code).toBe(1);
    expect(r.out).toContain("FAIL duel H: a deliberately wrong expectation");
    expect(r.out).toContain("expected b in (last duel).winners");
    expect(r.out.trim().split("\n").pop()).toBe("1 passed, 1 failed");
  });

  it("--json prints one object: each scenario's result, failures and decisions, and the check's diagnostics (or the check's object when the program does not compile)", async () => {
    const p = file(
      "json-scenarios.l5r",
      `card "J" {\n  type Strategy\n  text {\n    Limited: Bwo target Personality.\n  }\n}\n\nscenario "j: passes" {\n  players p1, p2\n  expect p1.honor == 0\n}\n\nscenario "j: fails" {\n  players p1, p2\n  expect p2.honor == 1\n}\n`,
    );
    const r = await l5r("test", p, "--json");
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out) as { passed: number; failed: number; scenarios: { title: string; passed: boolean; failures: unknown[]; decisions: unknown[] }[]; diagnostics: { code: string }[] };
    expect([report.passed, report.failed]).toEqual([1, 1]);
    expect(report.scenarios.map((s) => [s.title, s.passed, s.failures])).toEqual([
      ["j: passes", true, []],
      ["j: fails", false, [{ expectation: "p2.honor == 1", detail: "p2.honor is 0" }]],
    ]);
    expect(report.diagnostics.map((d) => d.code)).toEqual(["unsupported/phrase"]);
    const broken = await l5r("test", file("json-broken.l5r", `card "K" {\n  type Stratagy\n}\n`), "--json");
    expect(broken.code).toBe(1);
    expect(JSON.parse(broken.out)).toMatchObject({ errors: 1, diagnostics: [{ code: "card/unknown-type" }] });
  });

  it("--match runs only the scenarios whose titles contain the text (case ignored); none matched is exit 1", async () => {
    const p = file(
      "matched.l5r",
      `scenario "duel H: a deliberately wrong expectation" {\n  players p1, p2\n  expect p1.honor == 1\n}\n\nscenario "Duel B: passes" {\n  players p1, p2\n  expect p1.honor == 0\n}\n\nscenario "duel b: passes too" {\n  players p1, p2\n  expect p2.honor == 0\n}\n`,
    );
    const r = await l5r("test", p, "--match", "DUEL B");
    expect(r.code).toBe(0);
    expect(r.out.trim()).toBe("2 passed, 0 failed");
    const none = await l5r("test", p, "--match", "duel Z");
    expect(none.code).toBe(1);
    expect(none.out.trim()).toBe('no scenario\'s title contains "duel Z"');
    const bad = await l5r("test", p, "--match");
    expect(bad.code).toBe(2);
    expect(bad.err.trim()).toBe("l5r: --match takes part of a scenario's title");
  });

  it("shows a failing scenario's compared values and decisions: who was asked what, the answer, and whether the script gave it", async () => {
    const p = file(
      "asked.l5r",
      `scenario "duel C: the script answers the wrong card" {\n  players p1, p2\n  put a = Personality { chi 4 } in p1.home\n  put b = Personality { chi 2 } in p2.home\n  put f = Strategy { focusValue 1 } in p2.fateDeck\n  put g = Strategy { focusValue 2 } in p1.fateDeck\n  answer p2: "focus", f\n  unscripted first\n  challengeTo(a, b)\n  expect p2.honor == 5 and p1.honor == 0\n}\n`,
    );
    const r = await l5r("test", p);
    expect(r.code).toBe(1);
    const lines = r.out.split("\n");
    // Each compared value once, and no literal: the literals show themselves.
    expect(lines).toContain("  expected p2.honor == 5 and p1.honor == 0: p2.honor is 0, p1.honor is 0");
    const at = lines.indexOf("  decisions put to players:");
    expect(at).toBeGreaterThan(lines.findIndex((l) => l.startsWith("FAIL duel C")));
    expect(lines[at + 1]).toMatch(/^    p2: "Focus or strike\?" \[strike, focus Strategy f#\d+\] -> focus Strategy f#\d+ \(scripted\)$/);
    expect(lines[at + 2]).toMatch(/^    p1: "Focus or strike\?" \[strike, focus Strategy g#\d+\] -> strike \(unscripted first\)$/);
    expect(lines[at + 3]).toBe("0 passed, 1 failed");
  });
});

describe("cleanup", () => {
  it("removes the scratch folder", () => rmSync(scratch, { recursive: true, force: true }));
});

describe("l5r play and l5r games", () => {
  it("plays a seeded game readably and prints the winner and the kind of victory last", async () => {
    const r = await l5r("play", "--seed", "3");
    expect(r.code).toBe(0);
    const lines = r.out.trim().split("\n");
    expect(lines[0]).toBe("A game of L5R (seed 3): Crane Duelists vs Lion Honor");
    expect(lines.some((l) => /^ {2}A turn: /.test(l))).toBe(true);
    expect(lines.pop()).toMatch(/^(Winner: .+ \(.+ victory\)|Draw: turn cap)$/);
  });

  it("the same seed plays the same game", async () => {
    expect((await l5r("play", "--seed", "8")).out).toBe((await l5r("play", "--seed", "8")).out);
  });

  it("--json prints the structured log with the result", async () => {
    const r = await l5r("play", "--seed", "3", "--json");
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as { result: { winner: string | null }; log: { kind: string }[]; answers: number[] };
    expect(report.log.length).toBeGreaterThan(100);
    expect(report.answers.length).toBeGreaterThan(0);
    expect(report.log[report.log.length - 1]!.kind).toBe("game over");
  });

  it("--players 3 seats three players", async () => {
    const r = await l5r("play", "--seed", "2", "--players", "3");
    expect(r.code).toBe(0);
    expect(r.out.split("\n")[0]).toContain("Crane Duelists 2");
  });

  it("an unknown deck is one line on stderr and exit 2", async () => {
    const r = await l5r("play", "--decks", "Frog Deck");
    expect(r.code).toBe(2);
    expect(r.err.trim()).toBe('l5r: no deck is titled "Frog Deck" (declared: "Crane Duelists", "Lion Honor")');
  });

  it("a bad option is exit 2", async () => {
    expect((await l5r("play", "--seed", "x")).code).toBe(2);
    expect((await l5r("play", "--frogs")).code).toBe(2);
  });

  it("l5r games plays and replays games and says every card stayed in one place", async () => {
    const r = await l5r("games", "--count", "3");
    expect(r.code).toBe(0);
    expect(r.out).toContain("every card in exactly one place at every step, and every replay identical: yes");
  });
});
