// `l5r corpus ORACLE.json [--legal ARCS] [--json]`: imports the records in memory and checks every card
// on its own against rules/.  Prints, per card type and in total, how many parse, check, check clean
// (no error and no `unsupported` diagnostic anywhere on the card) and are fully supported (clean, and
// every phrase of the card's text exercised by a scenario: test/cards/exercised.json, `l5r coverage`),
// then the phrases clean cards use that no scenario exercises, the most common failures by shape and
// how many supported cards use only phrases other cards' texts use too (compiler/corpus/report.ts
// `generality`: a stand-in for cards the file does not hold); the last line is exactly
// `fully supported: N of M (P%)`.  With `--json`, one object (a status per card with its diagnostics
// and the phrases only its text uses) on stdout, and that line on stderr.
import { readSource, ruleDeclarationFiles } from "../sources.ts";
import { checkCards, rulesContext, RulesNotChecked } from "../corpus/check-cards.ts";
import { clusters, generality, generalLine, percent, supportedLine, totals, typeRows, unexercised } from "../corpus/report.ts";
import { EXERCISED_FILE, keptExercised } from "../corpus/coverage.ts";
import { formatDiagnostic } from "../diagnostics.ts";
import { importAll, legalFilter, loadOracleFile } from "../import/load.ts";
import type { Output } from "./check.ts";
import { progressBar } from "./progress.ts";

export interface CorpusOptions {
  readonly file: string;
  readonly legal: string | null;
  readonly json: boolean;
  /** How many failure clusters to list. */
  readonly clusters: number;
}

export function corpus(options: CorpusOptions, io: Output, progressTo: NodeJS.WriteStream | null = null): number {
  const all = loadOracleFile(options.file);
  const keep = legalFilter(options.legal);
  const records = keep ? all.filter(keep) : all;
  let ctx;
  try {
    ctx = rulesContext(ruleDeclarationFiles().map((p) => readSource(p)));
  } catch (e) {
    if (!(e instanceof RulesNotChecked)) throw e;
    for (const d of e.diagnostics) io.out(formatDiagnostic(d, (f) => e.lines.get(f) ?? null));
    io.err("l5r corpus: the project's rules do not check; no card was checked");
    return 2;
  }
  const imported = importAll(records, ctx);
  const bar = progressBar(progressTo, "checking cards");
  bar?.update(0, imported.length);
  const exercised = keptExercised() ?? new Set<string>();
  const checks = checkCards(ctx, imported.map((c) => ({ path: `oracle/${c.fileName}`, text: c.source })), (n) => bar?.update(n, imported.length), exercised);
  bar?.stop();
  const notExercised = unexercised(checks, exercised);
  const general = generality(checks, records.map((r) => r.text ?? ""));

  if (options.json) {
    io.out(
      JSON.stringify({
        file: options.file,
        legal: options.legal,
        totals: totals(checks),
        general: general.general,
        types: typeRows(checks),
        clusters: clusters(checks, options.clusters),
        unexercised: notExercised,
        cards: checks.map((c, i) => ({
          id: imported[i]!.id,
          title: imported[i]!.title,
          type: imported[i]!.type,
          legality: imported[i]!.legality,
          parsed: c.parsed,
          checked: c.checked,
          clean: c.clean,
          supported: c.supported,
          phrases: c.phrases,
          ownPhrases: general.own[i],
          importProblems: imported[i]!.problems,
          diagnostics: c.diagnostics.map((d) => {
            const at = c.lines.position(d.range.start);
            return { severity: d.severity, code: d.code, message: d.message, line: at.line, column: at.column, range: d.range };
          }),
        })),
      }),
    );
    io.err(supportedLine(checks));
    return 0;
  }

  const problems = imported.reduce((n, c) => n + c.problems.length, 0);
  io.out(`${options.file}: ${records.length} of ${all.length} records${options.legal ? ` (legal in ${options.legal})` : ""}; the import reported ${problems} problem(s) on ${imported.filter((c) => c.problems.length).length} card(s)`);
  io.out("");
  const header = ["type", "cards", "parse", "check", "clean", "supported"];
  const rows = [...typeRows(checks), totals(checks)].map((r) => [r.type, String(r.cards), cell(r.parsed, r.cards), cell(r.checked, r.cards), cell(r.clean, r.cards), cell(r.supported, r.cards)]);
  for (const line of table([header, ...rows])) io.out(line);
  io.out("");
  io.out("(clean: no error and no unsupported diagnostic; supported: clean, and every phrase of its text exercised by a scenario)");
  io.out("");
  if (keptExercised() === null) io.out(`no list of exercised phrases (${EXERCISED_FILE}): run \`l5r coverage --write\``);
  io.out(`phrases clean cards use that no scenario exercises (cards each holds back): ${notExercised.length}`);
  for (const u of notExercised.slice(0, options.clusters)) io.out(`  ${String(u.cards).padStart(5)}  ${u.phrase}`);
  io.out("");
  io.out(`most common failures (cards with one; numbers, icons and the card's own names made alike):`);
  for (const c of clusters(checks, options.clusters)) io.out(`  ${String(c.cards).padStart(5)}  ${c.shape}   e.g. ${c.example.title}: "${c.example.text}"`);
  io.out("");
  io.out(generalLine(general.general, checks.length));
  io.out(supportedLine(checks));
  return 0;
}

function cell(n: number, of: number): string {
  return `${n} (${percent(n, of)}%)`;
}

function table(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join("  "));
}
