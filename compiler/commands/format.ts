// `l5r format [paths] [--check]`: the .l5r files formatted with the prettier plugin (compiler/format/),
// rewritten in place, or with --check only listed when they are not formatted (exit 1).  A file that
// does not parse is reported with its first syntax error and left as it is (exit 1).
import { writeFileSync } from "node:fs";
import { formatL5r } from "../format/index.ts";
import { expandPath, readSource, rulesRoot } from "../sources.ts";
import type { Output } from "./check.ts";

export interface FormatOptions {
  readonly paths: readonly string[];
  readonly check: boolean;
}

export async function formatFiles(opts: FormatOptions, io: Output): Promise<number> {
  const files = (opts.paths.length ? opts.paths : [rulesRoot]).flatMap((p) => expandPath(p));
  let unformatted = 0;
  let broken = 0;
  for (const abs of files) {
    const { path, text } = readSource(abs);
    let formatted: string;
    try {
      formatted = await formatL5r(text, abs);
    } catch (e) {
      const loc = (e as { loc?: { start: { line: number; column: number } } }).loc?.start;
      io.out(`${path}${loc ? `:${loc.line}:${loc.column}` : ""}: error ${(e as Error).message.split("\n")[0]}`);
      broken++;
      continue;
    }
    if (formatted === text) continue;
    unformatted++;
    if (opts.check) io.out(`${path}: not formatted`);
    else writeFileSync(abs, formatted);
  }
  const what = opts.check ? `${unformatted} not formatted` : `${unformatted} reformatted`;
  io.err(`${files.length} file(s): ${what}${broken ? `, ${broken} not read (syntax errors)` : ""}`);
  return broken || (opts.check && unformatted) ? 1 : 0;
}
