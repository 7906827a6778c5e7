// Parsing and checking speed: MB/s and cards/s for lex+parse and lex+parse+check, beside a lexer-only
// pass over the same text (the ceiling), for rules/ and for a synthetic input of at least 2 MB.
import { lexer } from "../../grammar/tokens.ts";
import { parse } from "../../grammar/index.ts";
import { compileSources, type SourceInput } from "../../compiler/compile.ts";
import { median } from "../measure.ts";
import { cardsIn, rulesSources, sizeOf, syntheticSources } from "../sources.ts";

export interface ThroughputRow {
  readonly bytes: number;
  readonly cards: number;
  readonly lexMBps: number;
  readonly parseMBps: number;
  readonly parseCardsPerSecond: number;
  readonly checkMBps: number;
  readonly checkCardsPerSecond: number;
  /** lex+parse+check speed as a share of the lexer-only speed */
  readonly checkOfLexer: number;
}

function time(task: () => void, trials: number): number {
  task(); // warm-up
  const ms: number[] = [];
  for (let i = 0; i < trials; i++) {
    const start = performance.now();
    task();
    ms.push(performance.now() - start);
  }
  return median(ms) / 1000;
}

function measure(inputs: readonly SourceInput[], trials: number): ThroughputRow {
  const bytes = sizeOf(inputs);
  const cards = cardsIn(inputs);
  const lexS = time(() => {
    for (const s of inputs) lexer.tokenize(s.text);
  }, trials);
  const parseS = time(() => {
    for (const s of inputs) if (!parse(s.text, s.path).file) throw new Error(`${s.path} does not parse`);
  }, trials);
  const checkS = time(() => {
    // (its own parse each time: a compile of the same sources would otherwise be reused, compiler/compile-memo.ts)
    if (!compileSources(inputs, parse).program) throw new Error("the input does not check");
  }, trials);
  const mb = bytes / 1e6;
  return {
    bytes,
    cards,
    lexMBps: round(mb / lexS),
    parseMBps: round(mb / parseS),
    parseCardsPerSecond: Math.round(cards / parseS),
    checkMBps: round(mb / checkS),
    checkCardsPerSecond: Math.round(cards / checkS),
    checkOfLexer: round(lexS / checkS, 3),
  };
}

export function benchParsing(root: string, quick: boolean): { rules: ThroughputRow; synthetic: ThroughputRow } {
  return {
    rules: measure(rulesSources(root), quick ? 1 : 9),
    synthetic: measure(syntheticSources(root, quick ? 250_000 : 2_100_000), quick ? 1 : 5),
  };
}

function round(x: number, digits = 2): number {
  return Number(x.toFixed(digits));
}
