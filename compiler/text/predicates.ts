// What card text says is so, read from the words the rules give meanings to (its adjectives, nouns,
// qualifiers, stats and values) and a little English: "he is dishonorable", "it is not Cavalry", "this
// Shugenja is Fire", "it has no attachments", "he has Duelist", "you control a Tactician", "there are
// no enemy units at the current battlefield", "his Force is 3 or less", "he has 2 or more Personal
// Honor", "your Family Honor is higher than his controller's".  Declared condition phrases are read
// first (conditions.ts); these are what no declaration needs to say.  Their parts, one concern a file:
// when it is (time-predicates.ts), what players control and what there is (control-predicates.ts),
// counts (condition-counts.ts), players' values (player-values.ts), which player (player-identity.ts), the other
// players together (other-players.ts).
import type * as A from "../../grammar/index.ts";
import type { CardPhrase, SlotValue } from "./match.ts";
import { phraseId } from "./lexicon.ts";
import { literalAt as word, rangeOfWords, startsWith, type Word } from "./words.ts";
import { AstBuilder } from "./build.ts";
import type { LowerContext } from "./context.ts";
import { selectFilter, sourceOf } from "./nouns.ts";
import { slotExpr, whenSome } from "./conditions.ts";
import { playerValueAmount, playerValueCompared } from "./player-values.ts";
import { playerIs } from "./player-identity.ts";
import { titleInPlay } from "./titles.ts";
import { timeIs } from "./time-predicates.ts";
import { otherPlayersControl, playersCounted } from "./other-players.ts";
import { howMany, orMore, type Cmp } from "./condition-counts.ts";
import { controls, thereAre } from "./control-predicates.ts";
import { placeHolds } from "./place-contents.ts";


/** The predicate words[0, end) reads as, or null.  With `quiet`, nothing is reported (a look ahead). */
export function predicate(cx: LowerContext, words: readonly Word[], quiet = false): A.Expr | null {
  if (words.length === 0) return null;
  const b = new AstBuilder(rangeOfWords(words, words[0]!.range));
  const end = words.length;
  const forms: [string, () => A.Expr | null][] = [
    ["it is <time>", () => timeIs(cx, words, end, b, quiet)],
    ["there are <cards>", () => thereAre(cx, words, end, b)],
    ["there are <count> players", () => playersCounted(cx, words, end, b, quiet)],
    ["any other player controls <cards>", () => otherPlayersControl(cx, words, end, b)],
    ["<players> have higher <value> than <players>", () => playerValueCompared(cx, words, end, b)],
    ["<players> have <n> or more <value>", () => playerValueAmount(cx, words, end, b, quiet)],
    ["<player> is <player>", () => playerIs(cx, words, end, b, quiet)],
    ["<title> is in play", () => titleInPlay(cx, words, end, b)],
    ["<player> controls <cards>", () => controls(cx, words, end, b, quiet)],
    ["<number> is <comparison>", () => comparison(cx, words, 0, end, b, quiet)],
    ["<card> is <state> / has <what>", () => subjectPredicate(cx, words, end, b, quiet)],
    ["<place> has <cards>", () => placeHolds(cx, words, end, b, quiet)],
  ];
  for (const [form, read] of forms) {
    const e = read();
    if (!e) continue;
    if (!quiet) cx.use(phraseId("predicate", form));
    return e;
  }
  return null;
}

// ---------------------------------------------------------------- "he is ...", "it has ..."
export function subjectPredicate(cx: LowerContext, words: readonly Word[], end: number, b: AstBuilder, quiet: boolean, afterNo = false): A.Expr | null {
  // "no Terrain is at the current battlefield", "no enemy units are bowed": no card it describes is so.
  if (word(words, 0) === "no") {
    const some = subjectPredicate(cx, words.slice(1), end - 1, b, quiet, true);
    if (some && !quiet) cx.use(phraseId("predicate", "no <cards> is <state>"));
    return some && some.kind === "Binary" && some.op === ">" ? b.bin("==", some.left, some.right) : null;
  }
  const subjects = cx.matcher.cardPhrases(words, 0, end);
  // ("your Personality" outside a duel: the Personality targeted, not the duel's reference)
  const unavailable = (p: (typeof subjects)[number]): boolean => p.v.k === "ref" && p.v.ref.needs.some((n) => !cx.available?.has(n)) && subjects.some((o) => o !== p && o.next === p.next && o.v.k === "select" && cx.yoursNamed(o.v) !== null);
  for (const s of subjects) {
    if (unavailable(s)) continue;
    // ("this Spell remains attached", "Rentatsu remains bowed": is still so)
    const said = word(words, s.next);
    const verb = said === "remains" || said === "remain" ? "is" : said;
    if (verb !== "is" && verb !== "are" && verb !== "has" && verb !== "have" && verb !== "does" && verb !== "do") continue;
    if (verb !== said && !quiet) cx.use(phraseId("predicate", "<card> remains <state>"));
    const about = (test: (subject: A.Expr) => A.Expr | null): A.Expr | null => aboutSubject(cx, s.v, test, b, quiet, afterNo);
    if (verb === "is" || verb === "are") {
      // ("any dishonorable Personalities are now opposing him": as the game is now, as for comparisons)
      // ("if it is still in play": as it is now; "if he is no longer attacking": not so now)
      const w = word(words, s.next + 1);
      const at = w === "now" || w === "still" ? s.next + 2 : w === "no" && word(words, s.next + 2) === "longer" ? s.next + 3 : s.next + 1;
      const e = about((subject) => states(cx, words, at, end, subject, b));
      if (e && w === "no") {
        if (!quiet) cx.use(phraseId("predicate", "<card> is no longer <state>"));
        return b.not(e);
      }
      if (e) return e;
    } else {
      // "has ...", "does not have ..."
      let at = s.next + 1;
      let negate = false;
      if (verb === "does" || verb === "do") {
        if (word(words, at) !== "not" || (word(words, at + 1) !== "have" && word(words, at + 1) !== "has")) continue;
        negate = true;
        at += 2;
      }
      const e = about((subject) => has(cx, words, at, end, subject, b, quiet));
      if (e) return negate ? b.not(e) : e;
    }
  }
  return null;
}

/** The test of a subject: a card it names, or whether some card it describes passes ("any enemy units"). */
function aboutSubject(cx: LowerContext, v: CardPhrase, test: (subject: A.Expr) => A.Expr | null, b: AstBuilder, quiet: boolean, afterNo = false): A.Expr | null {
  if (afterNo && (v.k !== "select" || v.quant !== "none")) return null;
  if (v.k !== "select") {
    const subject = quiet ? quietCard(cx, v, b) : slotExpr(cx, { ty: "card", v });
    return subject ? whenSome(cx, subject, test) : null;
  }
  // "Target your opposed Personality. ... If your Personality is a Magistrate": the one targeted.
  const named = afterNo ? null : cx.yoursNamed(v);
  // ("If your Personality is a Magistrate, straighten him": named again, he is the latest named.)
  if (named && !cx.tryingOnly) cx.mentioned(named);
  if (named) return test(b.ref(named));
  // ("each of them has 3 or more printed Personal Honor": every card it describes; "one of your
  // Personalities is bowed": some)
  const every = v.quant === "each" && !afterNo;
  if (v.target || (v.quant !== "a" && v.quant !== "one-of" && !every && !(v.quant === "none" && (v.noun.plural || afterNo)))) return null;
  const inner = test(b.ref("subj"));
  if (!inner) return null;
  if (every && !quiet) cx.use(phraseId("predicate", "each <cards> is <state>"));
  if (every) return b.bin("==", b.call("count", [{ value: b.comprehension("subj", sourceOf(cx, v), b.and([selectFilter(cx, v, b.ref("subj")), b.not(inner)])) }]), b.num(0));
  return b.bin(">", b.call("count", [{ value: b.comprehension("subj", sourceOf(cx, v), b.and([selectFilter(cx, v, b.ref("subj")), inner])) }]), b.num(0));
}

/** A named card for a look ahead: a reference, or a pronoun that has something to stand for. */
export function quietCard(cx: LowerContext, v: CardPhrase, b: AstBuilder): A.Expr | null {
  if (v.k === "ref") return cx.refExpr(v.ref, v.range);
  if (v.k === "pronoun") {
    const name = cx.findPronoun("card", v.word, v.targeted, v.described, v.definite);
    // (A target the clause itself names, "Melee 5 Attack if the target is Cavalry", is declared only
    // when the clause is emitted: the look ahead stands in for it.)
    return name ? cx.named(name, v.range) : v.targeted ? b.ref("self") : null;
  }
  return null;
}

/** "dishonorable", "not Cavalry", "a Shugenja", "bowed or Nonhuman", "Kolat, Ninja, or Shadowlands". */
function states(cx: LowerContext, words: readonly Word[], at: number, end: number, subject: A.Expr, b: AstBuilder): A.Expr | null {
  // A list joined by its last "and" or "or", the others by commas.
  for (let i = end - 1; i > at; i--) {
    const op = word(words, i);
    if (op !== "and" && op !== "or") continue;
    const parts: [number, number][] = [];
    let from = at;
    for (let k = at; k < i; k++) {
      if (word(words, k) !== ",") continue;
      parts.push([from, k]);
      from = k + 1;
    }
    parts.push([from, i]);
    parts.push([i + 1, end]);
    const tests = parts.filter(([x, y]) => y > x).map(([x, y]) => state(cx, words, x, y, subject, b));
    if (tests.every((t): t is A.Expr => t !== null)) return tests.reduce((acc, t) => b.bin(op, acc, t));
  }
  return state(cx, words, at, end, subject, b);
}

function state(cx: LowerContext, words: readonly Word[], at: number, end: number, subject: A.Expr, b: AstBuilder): A.Expr | null {
  let negate = false;
  if (word(words, at) === "not") {
    negate = true;
    at++;
  }
  if (word(words, end - 1) === ",") end--;
  if (end <= at) return null;
  const found = cx.matcher.states(words, at, end)[0];
  if (!found) return null;
  // A qualifier that only says where cards are ("the target is in your discard pile") is a place the
  // subject must be in: as a filter it says nothing.
  const placed = found.qualifiers.filter((q) => q.q.decl.domain && !q.q.decl.filter && q.slots.size === 0);
  // (so too a state only cards out of play have: "If Kunji is honorably dead: Bring it into play")
  const outOfPlay = found.adjectives.some((a) => a.meaning.k === "declared" && a.meaning.decl.domain);
  if ((placed.length || outOfPlay) && cx.abilityCondition && subject.kind === "NameRef" && subject.name === "self") {
    // ("if this card is in your discard pile": an ability that works there, where its type's abilities
    // do not, is not read yet: the runtime offers a card's abilities only where its type's work)
    return null;
  }
  const places = placed.map((q) => b.bin("in", subject, cx.reRange(q.q.decl.domain!, found.range)));
  const f = b.and([selectFilter(cx, found, subject), ...places]);
  return negate ? b.not(f) : f;
}

/** "has an attachment", "has no Followers", "has Duelist", "has 2 or more Personal Honor", "has higher Chi
 *  than his Force". */
function has(cx: LowerContext, words: readonly Word[], at: number, end: number, subject: A.Expr, b: AstBuilder, quiet: boolean): A.Expr | null {
  let none = false;
  if (word(words, at) === "no") {
    none = true;
    at++;
  }
  // A keyword (or trait) the card has: "has Duelist", "has the Cavalry keyword"
  const k = keywordNamed(cx, words, at, end);
  if (k && !none) return k.declared ? b.has(subject, k.name) : b.call("hasKeywordNamed", [{ value: subject }, { value: b.str(k.name) }]);
  // "has 2 or more Personal Honor", "has higher Force than X"
  const stat = statCompared(cx, words, at, end, subject, b, quiet);
  if (stat && !none) return stat;
  // Attached cards: "has an attachment", "has no Followers", "has a Weapon", "has exactly one Follower"
  const count = none ? null : howMany(cx, words, at, end, b, quiet);
  if (count && count.next > at) {
    for (const c of cx.matcher.cardPhrases(words, count.next, end)) {
      if (c.next !== end || c.v.k !== "select" || c.v.target) continue;
      const attached = b.comprehension("att", b.member(subject, "attachments"), selectFilter(cx, c.v, b.ref("att")));
      if (!quiet) cx.use(phraseId("predicate", "<card> has <count> <attached cards>"));
      return b.bin(count.op, b.call("count", [{ value: attached }]), count.n);
    }
  }
  for (const c of cx.matcher.cardPhrases(words, at, end)) {
    if (c.next !== end || c.v.k !== "select" || c.v.target) continue;
    const v = c.v;
    const attached = b.comprehension("att", b.member(subject, "attachments"), selectFilter(cx, v, b.ref("att")));
    return b.bin(none ? "==" : ">", b.call("count", [{ value: attached }]), b.num(0));
  }
  // What a card has is what it is "with": "has a Karma token" as "with a Karma token", "has no Madness
  // tokens" as not "with Madness tokens" (the qualifiers rules/ declares).
  const withWord: Word = { t: "w", text: "with", lower: "with", range: words[at]?.range ?? words[at - 1]!.range };
  const what = [...words.slice(0, at), withWord, ...words.slice(at, end)];
  const found = at < end ? cx.matcher.states(what, at, what.length).find((f) => f.adjectives.length === 0 && f.qualifiers.length === 1) : undefined;
  if (!found) return null;
  if (!quiet) cx.use(phraseId("predicate", "<card> has <what a qualifier says it is with>"));
  const f = selectFilter(cx, found, subject);
  return none ? b.not(f) : f;
}

function keywordNamed(cx: LowerContext, words: readonly Word[], at: number, end: number): { name: string; declared: boolean } | null {
  let i = at;
  if (word(words, i) === "the") i++;
  for (const adj of cx.lex.adjectivesByFirst.get(word(words, i) ?? "") ?? []) {
    const m = adj.meaning;
    if (m.k !== "keyword" && m.k !== "trait") continue;
    const n = startsWith(words, i, adj.words);
    if (n <= 0) continue;
    const after = i + n;
    if (after === end && i === at) return { name: m.k === "keyword" ? m.keyword : m.trait, declared: m.k === "keyword" };
    if (i > at && word(words, after) === "keyword" && after + 1 === end) return { name: m.k === "keyword" ? m.keyword : m.trait, declared: m.k === "keyword" };
  }
  return null;
}

function statCompared(cx: LowerContext, words: readonly Word[], at: number, end: number, subject: A.Expr, b: AstBuilder, quiet: boolean): A.Expr | null {
  const statOf = (stat: string): A.Expr => b.call("statOf", [{ value: subject }, { value: b.ref(stat) }]);
  // "higher Force than X", "lower Chi than his Force"
  const dir = word(words, at);
  const more = dir === "higher" || dir === "more" || dir === "greater";
  const less = dir === "lower" || dir === "less" || dir === "fewer";
  if (more || less) {
    for (const s of cx.lex.stats) {
      const n = startsWith(words, at + 1, s.words);
      if (n <= 0 || word(words, at + 1 + n) !== "than") continue;
      const other = number(cx, words, at + 2 + n, end, quiet);
      if (other) return b.bin(more ? ">" : "<", statOf(s.stat), other);
    }
  }
  // "2 or more Personal Honor", "no more than 2 Chi"
  for (const q of cx.matcher.numbers(words, at, end)) {
    // ("has 7 Force or less": the stat before "or less")
    for (const s of cx.lex.stats) {
      const n = startsWith(words, q.next, s.words);
      const after = n > 0 ? orMore(words, q.next + n) : null;
      if (!after || after.next !== end) continue;
      const v = quiet ? b.num(0) : slotExpr(cx, q.v);
      if (v) return b.bin(after.op, statOf(s.stat), v);
    }
    const cmp = orMore(words, q.next);
    if (!cmp) continue;
    for (const s of cx.lex.stats) {
      if (startsWith(words, cmp.next, s.words) !== end - cmp.next) continue;
      const n = quiet ? b.num(0) : slotExpr(cx, q.v);
      if (n) return b.bin(cmp.op, statOf(s.stat), n);
    }
  }
  return null;
}

function number(cx: LowerContext, words: readonly Word[], at: number, end: number, quiet: boolean): A.Expr | null {
  const q = cx.matcher.numbers(words, at, end).find((x) => x.next === end);
  if (!q) return null;
  return quiet ? new AstBuilder(rangeOfWords(words.slice(at, end), words[at]!.range)).num(0) : slotExpr(cx, q.v as SlotValue);
}

// ---------------------------------------------------------------- numbers compared
/** "his Force is 3 or less", "your Family Honor is higher than his controller's Family Honor". */
function comparison(cx: LowerContext, words: readonly Word[], at: number, end: number, b: AstBuilder, quiet: boolean): A.Expr | null {
  for (const left of cx.matcher.numbers(words, at, end)) {
    if (left.v.ty === "number") continue;
    if (word(words, left.next) !== "is" && word(words, left.next) !== "are") continue;
    let i = left.next + 1;
    let negate = false;
    // "if its Force is now 0": as the game is now, which is when a condition is read anyway.
    if (word(words, i) === "now") i++;
    if (word(words, i) === "not") {
      negate = true;
      i++;
    }
    const l = quiet ? b.num(0) : slotExpr(cx, left.v);
    if (!l) continue;
    const w = word(words, i);
    let op: Cmp | null = null;
    let rightAt = i;
    if ((w === "higher" || w === "greater" || w === "more") && word(words, i + 1) === "than") [op, rightAt] = [">", i + 2];
    else if ((w === "lower" || w === "less" || w === "fewer") && word(words, i + 1) === "than") [op, rightAt] = ["<", i + 2];
    else if (w === "equal" && word(words, i + 1) === "to") [op, rightAt] = ["==", i + 2];
    else if (w === "at" && word(words, i + 1) === "least") [op, rightAt] = [">=", i + 2];
    else if (w === "at" && word(words, i + 1) === "most") [op, rightAt] = ["<=", i + 2];
    else if (w === "exactly") [op, rightAt] = ["==", i + 1];
    if (op) {
      const r = number(cx, words, rightAt, end, quiet);
      if (r) return negate ? b.not(b.bin(op, l, r)) : b.bin(op, l, r);
      continue;
    }
    for (const right of cx.matcher.numbers(words, i, end)) {
      const cmp = orMore(words, right.next);
      const r = quiet ? b.num(0) : slotExpr(cx, right.v);
      if (!r) continue;
      if (cmp && cmp.next === end) return negate ? b.not(b.bin(cmp.op, l, r)) : b.bin(cmp.op, l, r);
      if (!cmp && right.next === end) return b.bin(negate ? "!=" : "==", l, r);
    }
  }
  return null;
}
