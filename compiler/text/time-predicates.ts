// Conditions on when it is: "if it is the Attack Phase", "If this is your Action Phase", "if it is
// another player's turn", "if it is not a Combat Segment", "during a battle".  A time is a sequence the
// rules declare, named by its title ("Action Phase", "A turn": the article is the reader's), running
// now, with its player when it has one ("your Dynasty Phase", "the active player's turn"); or a time a
// declared condition names after "during" ("during a Combat Segment"), with either article.
import type * as A from "../../grammar/index.ts";
import type { Symbols } from "../symbols.ts";
import { phrasesStartingWith } from "./lexicon.ts";
import { literalAt as word, startsWithLiterals, type Word } from "./words.ts";
import type { AstBuilder } from "./build.ts";
import type { LowerContext } from "./context.ts";
import { slotExpr } from "./conditions.ts";

interface Running {
  readonly words: readonly string[];
  readonly seq: string;
  /** The sequence's player parameter ("your Action Phase"), if it has one. */
  readonly player: string | null;
}

const ARTICLES = new Set(["a", "an", "the"]);
const bySymbols = new WeakMap<Symbols, Running[]>();

/** Whether words[at, end) are exactly `phrase`. */
function exactly(words: readonly Word[], at: number, end: number, phrase: readonly string[]): boolean {
  return phrase.length === end - at && startsWithLiterals(words, at, phrase) === phrase.length;
}

/** The declared sequences by their titles, less a leading article ("A battle": "battle"). */
function sequencesOf(symbols: Symbols): Running[] {
  let out = bySymbols.get(symbols);
  if (out) return out;
  out = [];
  for (const c of symbols.callables.values()) {
    if (c.kind !== "sequence") continue;
    const title = c.decl.title.toLowerCase().split(/\s+/).filter((w) => w.length > 0);
    const words = ARTICLES.has(title[0] ?? "") ? title.slice(1) : title;
    if (words.length === 0) continue;
    out.push({ words, seq: c.decl.name.text, player: c.decl.params.find((p) => p.type.name.text === "player")?.name.text ?? null });
  }
  bySymbols.set(symbols, out);
  return out;
}

/** "it is <time>", "this is <time>", "it is not <time>", "during <time>" as words[0, end) say, or null. */
export function timeIs(cx: LowerContext, words: readonly Word[], end: number, b: AstBuilder, quiet: boolean): A.Expr | null {
  let at: number;
  if (word(words, 0) === "during") at = 1;
  else if ((word(words, 0) === "it" || word(words, 0) === "this") && word(words, 1) === "is") at = 2;
  else return null;
  let negate = false;
  if (at === 2 && word(words, at) === "not") {
    negate = true;
    at++;
  }
  if (at === 2 && word(words, at) === "now") at++;
  // ("it is not during a battle": "during" after "it is" says the same)
  const bare = at === 1 || (word(words, at) === "during" && at++ > 0);
  const one = (from: number, to: number, alone: boolean): A.Expr | null => running(cx, words, from, to, b, quiet, alone) ?? during(cx, words, from, to, b, quiet);
  let e = one(at, end, bare);
  // "a battle or Attack Phase": either (the second may share the first's article)
  for (let i = at + 1; !e && i < end - 1; i++) {
    if (word(words, i) !== "or") continue;
    const l = one(at, i, bare);
    const r = l && one(i + 1, end, true);
    if (l && r) e = b.bin("or", l, r);
  }
  if (!e) return null;
  return negate ? b.not(e) : e;
}

/** A sequence running now, named by its title after an article or a player's possessive (or, `bare`,
 *  alone). */
function running(cx: LowerContext, words: readonly Word[], at: number, end: number, b: AstBuilder, quiet: boolean, bare: boolean): A.Expr | null {
  // ("during battle": after "during" the title may stand alone)
  const whose = ARTICLES.has(word(words, at) ?? "") ? { player: null, next: at + 1 } : (possessor(cx, words, at, end, b, quiet) ?? (bare ? { player: null, next: at } : null));
  if (!whose) return null;
  for (const s of sequencesOf(cx.checker.symbols)) {
    if (!exactly(words, whose.next, end, s.words)) continue;
    if (whose.player && !s.player) continue;
    const current = (optional: boolean): A.Expr => ({ kind: "Current", optional, range: b.ref("x").range, sequence: b.name(s.seq) }) as A.Expr;
    const runs = b.bin("!=", current(true), b.none());
    return whose.player ? b.and([runs, whose.player(b.member(current(false), s.player!))]) : runs;
  }
  return null;
}

/** "your", "another player's", "the active player's": a test of a sequence's player, and where its
 *  title begins. */
function possessor(cx: LowerContext, words: readonly Word[], at: number, end: number, b: AstBuilder, quiet: boolean): { player: ((p: A.Expr) => A.Expr) | null; next: number } | null {
  if (word(words, at) === "your") return { player: (p) => b.bin("==", p, b.ref("you")), next: at + 1 };
  const two = `${word(words, at)} ${word(words, at + 1)}`;
  if ((two === "another player" || two === "an opponent") && word(words, at + 2) === "'s") return { player: (p) => b.bin("!=", p, b.ref("you")), next: at + 3 };
  for (const p of cx.matcher.players(words, at, end)) {
    if (word(words, p.next) !== "'s" || p.v.k === "other" || p.v.k === "qualified" || p.v.k === "target") continue;
    const player = quiet ? b.ref("you") : slotExpr(cx, { ty: "player", v: p.v });
    if (player) return { player: (q) => b.bin("==", q, player), next: p.next + 1 };
  }
  return null;
}

/** A time a declared "during ..." condition names, with either article: "it is the Combat Segment". */
function during(cx: LowerContext, words: readonly Word[], at: number, end: number, b: AstBuilder, quiet: boolean): A.Expr | null {
  const from = ARTICLES.has(word(words, at) ?? "") ? at + 1 : at;
  for (const c of phrasesStartingWith(cx.lex.conditionsByFirst, "during")) {
    if (c.params.length > 0 || !c.decl.filter) continue;
    const lits = c.template.parts.map((p) => ("lit" in p ? p.lit.toLowerCase() : null));
    if (lits.some((l) => l === null)) continue;
    const rest = ARTICLES.has(lits[1] ?? "") ? lits.slice(2) : lits.slice(1);
    if (!exactly(words, from, end, rest as string[])) continue;
    // (one phrase for the declaration, whichever of its phrasings the text used)
    const first = phrasesStartingWith(cx.lex.conditionsByFirst, "during").find((d) => d.decl === c.decl) ?? c;
    if (!quiet) cx.use(first.id);
    return cx.reRange(c.decl.filter, b.ref("x").range);
  }
  return null;
}
