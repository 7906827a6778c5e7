// `l5r diff` and `l5r render` on the command line: exit 0 for no difference, 1 for differences, 2 for
// bad input with one located line and no stack trace.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diff } from "../../compiler/commands/diff.ts";
import { render } from "../../compiler/commands/render.ts";
import { behaviour } from "../../compiler/commands/behaviour.ts";
import { UsageError } from "../../compiler/sources.ts";
import { l5r } from "../run-cli.ts";


describe("l5r diff and l5r render", () => {
  it("exit 0 with no difference, 1 with differences (and --json), 2 on bad input", async () => {
    const same = await l5r("diff", "test/diff/formatting-only_before.l5r", "test/diff/formatting-only_after.l5r");
    expect(same).toMatchObject({ code: 0, out: expect.stringContaining("no differences") });
    const json = await l5r("diff", "--json", "test/diff/moved-heading_before.l5r", "test/diff/moved-heading_after.l5r");
    expect(json.code).toBe(1);
    expect(JSON.parse(json.out)).toMatchObject({ counts: { moved: 1 }, changes: [{ op: "changed", children: [{ op: "moved", unit: "heading", from: 2, to: 4 }] }] });

    const scratch = mkdtempSync(join(tmpdir(), "l5r-diff-"));
    const broken = join(scratch, "broken.l5r");
    writeFileSync(broken, 'rules "x"\nparam p(: number = 1\n');
    const bad = await l5r("diff", "test/diff/insert_before.l5r", broken);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^l5r: .*broken\.l5r:2:9: syntax\/[a-z-]+: .*\n$/);
  });

  // The other bad inputs, without a process each: the CLI prints a UsageError as one line, exit 2.
  it("says what is wrong with the arguments", async () => {
    const io = { out: () => {}, err: () => {} };
    const opts = { git: false, json: false, colour: false };
    expect(() => diff({ paths: ["test/diff/insert_before.l5r"], ...opts }, io)).toThrow(new UsageError("diff takes two files or folders: OLD NEW"));
    expect(() => diff({ paths: ["no-such.l5r", "test/diff/insert_before.l5r"], ...opts }, io)).toThrow(new UsageError("no such file or folder: no-such.l5r"));
    expect(() => diff({ paths: ["rules/errata", "rules"], ...opts }, io)).toThrow(/holds versions of the rules; name one of its folders/);
    expect(() => diff({ paths: ["no-such-revision", "HEAD"], ...opts, git: true }, io)).toThrow(/^git rev-parse/);
    expect(() => render({ paths: ["rules/duels.l5r"], format: "pdf", out: null }, io)).toThrow(new UsageError("--format takes md or html, not 'pdf'"));
    await expect(behaviour({ paths: ["rules"], games: null, duels: null, seed: 1, agents: null, threads: null, shard: null, out: null, json: false }, io)).rejects.toThrow(new UsageError("diff --behavior takes two versions: OLD NEW"));
  });
});
