// docs/authoring.md, run as written: its card compiles and its scenario passes, and each mistake it
// shows gives exactly the output it quotes.
import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { l5r as run } from "./run-cli.ts";

const root = fileURLToPath(new URL("../", import.meta.url));
const page = readFileSync(join(root, "docs/authoring.md"), "utf8");
const blocks = (lang: string): string[] => [...page.matchAll(new RegExp("```" + lang + "\\n([\\s\\S]*?)```", "g"))].map((m) => m[1]!.trimEnd());

describe("docs/authoring.md", () => {
  const [card] = blocks("l5r");
  const [passes, typeTypo, phraseTypo, failing] = blocks("text");

  /** Runs `l5r` on the page's card with one edit; stdout with the file named as the page names it. */
  async function l5r(command: string, edit: [string, string] | null): Promise<{ code: number | null; out: string }> {
    const dir = mkdtempSync(join(tmpdir(), "l5r-authoring-"));
    try {
      const file = join(dir, "my-cards.l5r");
      if (edit) expect(card).toContain(edit[0]);
      writeFileSync(file, edit ? card!.replace(edit[0], edit[1]) : card!);
      const r = await run(command, file);
      return { code: r.code, out: r.out.split(relative(root, file)).join("my-cards.l5r").trimEnd() };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it("has the card, and four outputs", () => {
    expect(card).toBeDefined();
    expect([passes, typeTypo, phraseTypo, failing].every((b) => b !== undefined)).toBe(true);
  });

  it("the card checks clean and its scenario passes", async () => {
    expect(await l5r("check", null)).toEqual({ code: 0, out: "" });
    expect(await l5r("test", null)).toEqual({ code: 0, out: passes });
  });

  it("a misspelt card type, a misspelt phrase and a wrong expectation print what the page shows", async () => {
    expect(await l5r("check", ["type Strategy", "type Stratagy"])).toEqual({ code: 1, out: typeTypo });
    expect(await l5r("check", ["Bow the loser.", "Bwo the loser."])).toEqual({ code: 0, out: phraseTypo });
    expect(await l5r("test", ["expect p1.honor == 2", "expect p1.honor == 3"])).toEqual({ code: 1, out: failing });
  });
});
