// `l5r import ORACLE.json [--out DIR] [--legal ARCS]`: each Oracle record becomes a `.l5r` card file in
// DIR (a new or empty folder, written whole or not at all).  Whatever the import cannot place as
// printed is reported by card.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { readSource, ruleDeclarationFiles, UsageError } from "../sources.ts";
import { rulesContext, RulesNotChecked } from "../corpus/check-cards.ts";
import { formatDiagnostic } from "../diagnostics.ts";
import { importAll, legalFilter, loadOracleFile } from "../import/load.ts";
import type { Output } from "./check.ts";

export interface ImportOptions {
  readonly file: string;
  readonly out: string;
  readonly legal: string | null;
}

export function importCards(options: ImportOptions, io: Output): number {
  const out = resolve(options.out);
  if (existsSync(out) && readdirSync(out).length > 0) throw new UsageError(`${options.out} is not empty; import writes into a new or empty folder`);
  const all = loadOracleFile(options.file);
  const keep = legalFilter(options.legal);
  const records = keep ? all.filter(keep) : all;
  let ctx;
  try {
    ctx = rulesContext(ruleDeclarationFiles().map((p) => readSource(p)));
  } catch (e) {
    if (!(e instanceof RulesNotChecked)) throw e;
    for (const d of e.diagnostics) io.out(formatDiagnostic(d, (f) => e.lines.get(f) ?? null));
    io.err("l5r import: the project's rules do not check; nothing was written");
    return 2;
  }
  const cards = importAll(records, ctx);
  // Two records may share a title and so a slug; the Oracle id in each name keeps them apart.
  const staging = join(dirname(out), `.${basename(out)}-${process.pid}-import`);
  try {
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
    for (const c of cards) writeFileSync(join(staging, c.fileName), c.source);
    rmSync(out, { recursive: true, force: true });
    renameSync(staging, out);
  } catch (e) {
    rmSync(staging, { recursive: true, force: true });
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot write ${options.out}${code ? ` (${code})` : ""}; nothing was written`);
  }
  let reported = 0;
  for (const c of cards) {
    for (const p of c.problems) {
      io.out(`${c.fileName}: ${c.title} (Oracle ${c.id}): ${p}`);
      reported++;
    }
  }
  io.err(`imported ${cards.length} card(s) into ${options.out}; ${reported} problem(s) reported on ${cards.filter((c) => c.problems.length).length} card(s)`);
  return 0;
}
