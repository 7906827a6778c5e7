// Effects delayed until an action has resolved: "Interrupt: If the action is yours, straighten this
// Follower after it resolves", "Give the action's performer -3F after the action resolves", "After the
// action resolves, ...", "After this action ends, gain 1 Honor ...".  The action is one the text names
// (the action an Interrupt interrupts, the triggering event's action, "it", or "this action": the
// ability's own); the effects happen once, when its resolution is announced (Twenty Festivals, Action
// sequence E: the action resolves, then Reactions to its resolution), whenever that is.
import type * as A from "../../grammar/index.ts";
import { phraseId } from "./lexicon.ts";
import { literalAt, rangeOfWords, type Word } from "./words.ts";
import { AstBuilder } from "./build.ts";
import type { LowerContext, Sink } from "./context.ts";
import { usePhrases, useExpr, useNamesNothing } from "./actions.ts";

/** What the action's end is called: "resolves", "ends", "finishes resolving". */
const ENDINGS: readonly (readonly string[])[] = [["finishes", "resolving"], ["resolves"], ["ends"], ["is", "resolved"]];

/** The event the effects wait for (declared in the rules: rules/actions.l5r, perform). */
const RESOLVED_EVENT = "resolves";

/** Lowers "<effects> after <action> resolves" or "After <action> resolves, <effects>" into `sink`; false
 *  when the words are not one (or name no action the text has). */
export function actionDelaySentence(cx: LowerContext, words: Word[], sink: Sink, sentence: (words: Word[], sink: Sink) => void): boolean {
  if (!cx.checker.symbols.events.has(RESOLVED_EVENT)) return false;
  // Leading: "After the action resolves, <effects>".
  if (literalAt(words, 0) === "after") {
    for (let comma = 2; comma < words.length - 1; comma++) {
      if (literalAt(words, comma) !== ",") continue;
      const action = actionEnding(cx, words, 1, comma);
      if (action) return delay(cx, action, words.slice(comma + 1), words, sink, sentence);
      break;
    }
  }
  // Trailing: "<effects> after the action resolves".
  for (let at = words.length - 3; at > 0; at--) {
    if (literalAt(words, at) !== "after") continue;
    const action = actionEnding(cx, words, at + 1, words.length);
    if (action) return delay(cx, action, trimmed(words.slice(0, at)), words, sink, sentence);
  }
  return false;
}

/** The action named by words[from, to) followed by what its end is called, or null. */
function actionEnding(cx: LowerContext, words: readonly Word[], from: number, to: number): { words: Word[]; at: number; end: number } | null {
  for (const ending of ENDINGS) {
    const at = to - ending.length;
    if (at <= from || !ending.every((w, i) => literalAt(words, at + i) === w)) continue;
    return { words: words.slice(from, at), at: from, end: at };
  }
  return null;
}

function trimmed(words: Word[]): Word[] {
  return literalAt(words, words.length - 1) === "," ? words.slice(0, -1) : words;
}

function delay(cx: LowerContext, named: { words: Word[] }, effects: Word[], all: Word[], sink: Sink, sentence: (words: Word[], sink: Sink) => void): boolean {
  if (effects.length === 0) return false;
  const range = rangeOfWords(all, all[0]!.range);
  const b = new AstBuilder(range);
  const wrappers: ((inner: A.Stmt[]) => A.Stmt[])[] = [];
  const action = actionNamed(cx, named.words, wrappers, b);
  if (!action) return false;
  cx.use(phraseId("construct", "<effects> after <action> resolves"));
  const inner: Sink = { stmts: [], available: sink.available, hookable: null, costs: sink.costs };
  sentence(effects, inner);
  const now = cx.fresh("now");
  const then = cx.fresh("then");
  let stmts: A.Stmt[] = [b.letStmt(now, action), b.lasting([], [b.once(RESOLVED_EVENT, [then], b.bin("==", b.ref(then), b.ref(now)), inner.stmts)])];
  for (let i = wrappers.length - 1; i >= 0; i--) stmts = wrappers[i]!(stmts);
  sink.stmts.push(...stmts);
  return true;
}

/** "this action" (the ability's own), or an action the text has named ("the action", "it"). */
function actionNamed(cx: LowerContext, words: Word[], wrappers: ((inner: A.Stmt[]) => A.Stmt[])[], b: AstBuilder): A.Expr | null {
  if (words.length === 2 && literalAt(words, 0) === "this" && literalAt(words, 1) === "action") return b.ref("action");
  const found = usePhrases(cx.lex, cx.matcher, words, 0, words.length).filter((u) => u.next === words.length && u.v.action === undefined);
  for (const u of found) {
    // ("this duel's winner gains 1 Honor after it ends": a pronoun that names no action is left to the
    // other readings of the sentence, as the trial below would warn that it has nothing to refer to)
    if (useNamesNothing(cx, u.v)) continue;
    // (tried first without a word of warning: a pronoun may name no action here)
    const mark = cx.pronouns.length;
    const reads = cx.tryOnly(() => useExpr(cx, u.v, [])) !== null;
    cx.pronouns.length = mark;
    if (reads) return useExpr(cx, u.v, wrappers);
  }
  return null;
}
