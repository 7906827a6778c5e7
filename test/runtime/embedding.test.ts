// docs/embedding.md's example, run as written: the guide for engine developers stays true.
import { describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** The guide's one TypeScript example, its imports pointed at this repository. */
function example(): string {
  const page = readFileSync(join(root, "docs/embedding.md"), "utf8");
  const blocks = [...page.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
  expect(blocks).toHaveLength(1);
  return blocks[0]!.replace(/from "\.\/([^"]+)"/g, (_, path: string) => `from ${JSON.stringify(join(root, path))}`);
}

describe("docs/embedding.md", () => {
  it("its example type-checks, plays a game answering one player's decisions from that player's view, pushes them their log with hidden cards, and restores a save that plays on identically", () => {
    const dir = mkdtempSync(join(tmpdir(), "l5r-embed-"));
    try {
      const file = join(dir, "example.ts");
      writeFileSync(file, example());
      // Type-checked with the project's settings, then run.
      writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ extends: join(root, "tsconfig.json"), include: ["example.ts"], compilerOptions: { typeRoots: [join(root, "node_modules/@types")] } }));
      const tsc = spawnSync(join(root, "node_modules/.bin/tsc"), ["-p", dir], { cwd: root, encoding: "utf8" });
      expect(tsc.stdout + tsc.stderr).toBe("");
      expect(tsc.status).toBe(0);
      const r = spawnSync(process.execPath, ["--import", "tsx", file], { cwd: root, encoding: "utf8" });
      expect(r.stderr).toBe("");
      expect(r.status).toBe(0);
      const lines = r.stdout.trim().split("\n");
      expect(lines[0]).toMatch(/^[1-9]\d* decisions asked of Crane; result: \{"winner":("Crane"|"Lion"|null),"victory":"[^"]+"\}$/);
      expect(lines[1]).toMatch(/^[1-9]\d* log entries sent to Crane, [1-9]\d* of them with cards hidden from Crane$/);
      expect(lines[2]).toBe("restored game identical: true");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
