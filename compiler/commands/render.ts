// `l5r render [paths] [--format md|html] [--out DIR]`: rules and cards rendered back to readable text
// (compiler/render/): printed one after another, or with --out one file per source (NAME.md or
// NAME.html) in DIR.  docs/rules/ is `l5r render rules/duels.l5r rules/battles.l5r rules/game.l5r
// rules/card-types.l5r --out docs/rules`.
import { mkdirSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { renderFile, statLabels, type Format } from "../render/index.ts";
import { expandPath, readSource, rulesRoot, UsageError } from "../sources.ts";
import type { Output } from "./check.ts";

export interface RenderOptions {
  readonly paths: readonly string[];
  readonly format: string;
  readonly out: string | null;
}

export function render(opts: RenderOptions, io: Output): number {
  if (opts.format !== "md" && opts.format !== "html") throw new UsageError(`--format takes md or html, not '${opts.format}'`);
  const format: Format = opts.format;
  const files = (opts.paths.length ? opts.paths : [rulesRoot]).flatMap((p) => expandPath(p));
  const stats = statLabels();
  const rendered = files.map((f) => {
    const input = readSource(f);
    return { name: `${basename(f, ".l5r")}.${format}`, text: renderFile(input, format, stats) };
  });
  if (opts.out === null) {
    io.out(rendered.map((r) => r.text).join(format === "md" ? "\n---\n\n" : "\n"));
    return 0;
  }
  try {
    mkdirSync(opts.out, { recursive: true });
    for (const r of rendered) writeFileSync(join(opts.out, r.name), r.text);
  } catch (e) {
    throw new UsageError(`cannot write ${opts.out} (${(e as NodeJS.ErrnoException).code ?? "error"})`);
  }
  io.err(`wrote ${rendered.length} file(s) to ${opts.out}`);
  return 0;
}
