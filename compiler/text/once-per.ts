// "After a Ranged Attack action resolves ...: Once per battle, you may move him home": within an
// ability's effects, a part that happens at most once in the period, however often the ability is used.
// The rules declare each period's record (rules/ability-frequency-text.l5r): the condition "this ability
// has not yet done so this <period>" and the effect "record that this ability did so for the <period>"; a
// period they do not declare leaves the sentence unread.  After "you may" the record is made only when
// the player says yes: declining does not use the part up.
import { phraseId, phrasesReading } from "./lexicon.ts";
import { literalAt, startsWith, wordsFromText, type Word } from "./words.ts";
import { AstBuilder } from "./build.ts";
import type { LowerContext, Sink } from "./context.ts";
import { condition, conditionAhead } from "./conditions.ts";
import { askMay, mayBody } from "./may-answer.ts";

/** Reads "Once per <period>, <effects>"; false when the sentence is not one (or its period's record is
 *  not declared). */
export function oncePerSentence(cx: LowerContext, words: Word[], sink: Sink, read: (words: Word[], sink: Sink) => void): boolean {
  if (cx.continuous || literalAt(words, 0) !== "once" || literalAt(words, 1) !== "per") return false;
  const at = words[0]!.range;
  const found = periodAt(cx, words);
  if (!found) return false;
  const { period, comma } = found;
  const notYet = wordsFromText(`this ability has not yet done so this ${period}`, at);
  const record = wordsFromText(`record that this ability did so for the ${period}`, at);
  const c = condition(cx, notYet, sink.available, "if");
  if (!c || c.k !== "expr") return false;
  cx.use(phraseId("construct", "Once per <period>, <effects> (within an ability)"));
  const b = new AstBuilder(at);
  const body = words.slice(comma + 1);
  const inner: Sink = { stmts: [], available: sink.available, hookable: null, costs: sink.costs };
  // "Once per turn, you may ...": the choice comes first, and the record only with a yes (unless an
  // effect's own phrase begins so: "You may play Action cards from ...").
  const youMay = startsWith(body, 0, ["you", "may"]) === 2 && !phrasesReading(cx.lex.effectsByFirst, body, 0).some((e) => cx.matcher.matchTemplate(e.template, body, 0, body.length).length > 0);
  if (youMay) {
    const chosen = mayBody(body.slice(2));
    const done: Sink = { stmts: [], available: sink.available, hookable: null, costs: sink.costs };
    read(record, done);
    read(chosen, done);
    inner.stmts.push(b.ifStmt(askMay(cx, b.ref("you"), "you", chosen, inner, b), done.stmts));
  } else {
    read(record, inner);
    read(body, inner);
  }
  sink.stmts.push(b.ifStmt(c.expr, inner.stmts));
  return true;
}

/** The period after "Once per" and where its effects begin (at `comma`, the comma or the word before
 *  them): up to a comma, or, without one, the shortest declared period ("once per turn you may ..."). */
function periodAt(cx: LowerContext, words: Word[]): { period: string; comma: number } | null {
  const declared = (said: Word[]): string | null => {
    if (said.length === 0 || !said.every((w) => w.t === "w")) return null;
    const period = said.map((w) => (w as Extract<Word, { t: "w" }>).lower).join(" ");
    return conditionAhead(cx, wordsFromText(`this ability has not yet done so this ${period}`, words[0]!.range)) ? period : null;
  };
  const comma = words.findIndex((w, i) => i > 2 && literalAt(words, i) === ",");
  if (comma > 0 && comma < words.length - 1) {
    const period = declared(words.slice(2, comma));
    return period ? { period, comma } : null;
  }
  for (let end = 3; end <= Math.min(5, words.length - 1); end++) {
    const period = declared(words.slice(2, end));
    if (period) return { period, comma: end - 1 };
  }
  return null;
}
