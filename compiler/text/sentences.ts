// Sentences and their clauses: each is matched against the declared effect phrases and becomes a call,
// its noun phrases targets, choices or loops; "You may ...", "If ..., ...", delayed sentences ("after
// this duel ends, ...") and searches wrap what follows; sentences that need a hook's context ("the
// loser") go into that hook of an earlier call.
import type * as A from "../../grammar/index.ts";
import { letExpr } from "../check/synthetic.ts";
import { T, type Ty } from "../types.ts";
import { phraseId, type EffectPhrase } from "./lexicon.ts";
import { phrasesReading } from "./lexicon.ts";
import { playerChooses } from "./player-chooses.ts";
import type { CardPhrase, Match, SlotValue } from "./match.ts";
import { literalAt, phraseWords, rangeOfWords, splitAtCommas, startsWith, textOfWords, wordsFromText, type Word } from "./words.ts";
import { AstBuilder } from "./build.ts";
import { eachNode, replaceNodes } from "../tree.ts";
import { declaredOf } from "./suggest.ts";
import { NEEDS_NOTHING, type Effect, type LowerContext, type Plan, type Select, type Sink } from "./context.ts";
import { conditionAhead, condition, ifConditionEnd, slotExpr } from "./conditions.ts";
import { conditionalSearch, searchAfterJoin, searchAfterTo, searchFor } from "./searches.ts";
import { candidatesOf, qualifierFilter } from "./nouns.ts";
import { anyPluralMeansEvery } from "./any-plural.ts";
import { forEachPlayer } from "./each-player.ts";
import { useExpr } from "./actions.ts";
import { thisSequenceSentence } from "./this-sequence.ts";
import { delayedSentence } from "./delayed.ts";
import { readClause, trimComma, type ClausePlan } from "./clauses.ts";
import { afterMay, askMay, mayBody, payableOfMay } from "./may-answer.ts";
import { otherPlayerMay } from "./player-may.ts";
import { otherwiseSentence } from "./otherwise.ts";
import { pickedCardOf } from "./picked.ts";
import { hookSinkFor } from "./hook-sentences.ts";
import { declarePlayerChoice, playerChoiceClause } from "./player-targets.ts";
import { stateInSubject } from "./while-described.ts";
import { movementProtected, protectsMovement } from "./unnegated-movement.ts";
import { colorSentence } from "./color-sentences.ts";
import { namedBySlot, namedInValues, objectsLatest, possessorSlots } from "./salience.ts";
import { forwardConditionEnd, forwardPronoun, standForward, targetNamedFirst } from "./cataphora.ts";
import { withoutThen } from "./then-sentences.ts";
import { whileLastingSentence } from "./while-lasting.ts";
import { neitherSentence } from "./neither.ts";
import { untilEventSentence } from "./until-event.ts";
import { oncePerSentence } from "./once-per.ts";
import { alternativeSink, chooseWithAlternative, type CostChoice } from "./cost-choices.ts";
import { placeArg, placedCard } from "./places.ts";
import { adjunctsRead, emitAdjuncts } from "./adjuncts.ts";
import { phraseVariants, wordingId } from "./phrase-variants.ts";
import { lowerSecondPart } from "./contingent-subject.ts";
import { durationInPhrase } from "./durations-in-phrases.ts";

// ================================================================ sentences
export function constraints(cx: LowerContext, words: Word[], sink: Sink): void {
  for (const clause of clauses(cx, words)) {
    const first = clause[0];
    cx.abilityCondition = true;
    const isCondition = conditionAhead(cx, clause);
    const c = isCondition ? condition(cx, clause, sink.available, "constraint") : null;
    cx.abilityCondition = false;
    if (isCondition) {
      if (c?.k === "expr") cx.conditions.push(c.expr);
      continue;
    }
    if (first?.t === "w" && (first.lower === "target" || first.lower === "choose")) {
      const player = playerChoiceClause(clause);
      if (player && !player.then) {
        declarePlayerChoice(cx, player.chosen, player.others, player.targeting);
        continue;
      }
      const np = cx.matcher.announcedCardPhrase(clause, 1, clause.length);
      // "Target a Terrain and an enemy card without attachments": two targets, chosen together.
      const pair = !np || np.k !== "select" ? targetPair(cx, clause) : null;
      if (pair) {
        const slots = pair.map((one) => cx.declareTarget(one, first.lower === "target"));
        namedTogether(cx, slots, first.lower === "target", rangeOfWords(clause, first.range));
        continue;
      }
      if (np?.k === "pronoun" && first.lower === "target" && cx.targetChosen(np.word)) {
        cx.use(phraseId("construct", "target <cards>")); // (a pronoun for a card chosen: "target him")
        continue;
      }
      if (!np || np.k !== "select") {
        cx.fail("unsupported/target", `"${textOfWords(clause.slice(1))}" names no kind of card that can be ${first.lower === "target" ? "targeted" : "chosen"}`, rangeOfWords(clause, first.range));
        // What follows may still name it ("Bow him"): it stands for the target, so that only this
        // warning says why the ability is left out.
        cx.pronouns.push({ name: cx.fresh("unread"), ty: "card", types: null, targeted: true });
        continue;
      }
      cx.declareTarget(np, first.lower === "target");
      continue;
    }
    effectClause(cx, clause, sink);
  }
}

/** "Target a Terrain and an enemy card ...: Destroy both targets": the cards of targets chosen together
 *  are "both targets" (or "the targets") afterwards, each in turn. */
function namedTogether(cx: LowerContext, slots: readonly string[], targeting: boolean, range: A.Range): void {
  const b = new AstBuilder(range);
  const both: A.Expr = { kind: "List", range, items: slots.map((t) => b.ref(t)) } as A.Expr;
  cx.pronouns.push({ name: cx.fresh("together"), ty: "card", types: null, targeted: targeting, many: true, stands: both, everywhere: true });
}

/** "target A and B": the two noun phrases either side of an "and", when each names cards, or null. */
function targetPair(cx: LowerContext, clause: Word[]): [Select, Select] | null {
  for (let i = 2; i < clause.length - 1; i++) {
    if (literalAt(clause, i) !== "and") continue;
    const a = cx.matcher.wholeCardPhrase(clause, 1, i);
    const b = a?.k === "select" ? cx.matcher.wholeCardPhrase(clause, i + 1, clause.length) : null;
    if (a?.k === "select" && b?.k === "select") return [a, b];
  }
  return null;
}

/** Splits constraint text at top-level "and" and commas: "discard a card and target ...". */
export function clauses(cx: LowerContext, words: Word[]): Word[][] {
  const out: Word[][] = [];
  const parts = splitAtCommas(words);
  for (let i = 0; i < parts.length; i++) {
    let part = parts[i]!;
    // A declared condition may itself contain "and" ("you are the Attacker and your current army ...").
    if (conditionAhead(cx, part)) {
      // "If none of your provinces have been destroyed ..., or you are a Scorpion Clan player": a
      // condition after ", or" is the other side of the first (conditions.ts's conjunctionAt).
      for (let next = parts[i + 1]; literalAt(next ?? [], 0) === "or"; next = parts[i + 1]) {
        const comma: Word = { t: "p", text: ",", range: { start: part[part.length - 1]!.range.end, end: next![0]!.range.start } };
        const joined = [...part, comma, ...next!];
        if (!conditionAhead(cx, joined)) break;
        part = joined;
        i++;
      }
      out.push(part);
      continue;
    }
    let current: Word[] = [];
    // (", and target a Personality": the last of a list)
    for (const w of literalAt(part, 0) === "and" && startsClause(cx, part, 1) ? part.slice(1) : part) {
      if (w.t === "w" && w.lower === "and" && current.length > 0 && startsClause(cx, part, part.indexOf(w) + 1)) {
        out.push(current);
        current = [];
      } else current.push(w);
    }
    if (current.length) out.push(current);
  }
  return out;
}

export function startsClause(cx: LowerContext, words: Word[], at: number): boolean {
  const w = words[at];
  return w?.t === "w" && (w.lower === "target" || w.lower === "choose" || cx.lex.effectsByFirst.byWord.has(w.lower));
}

// ================================================================ sentences
/** The sentences of the effects, in order; a search nests the sentences after it ("Put it into play"). */
export function sentences(cx: LowerContext, list: Word[][], sink: Sink): void {
  for (let i = 0; i < list.length; i++) {
    const words = list[i]!;
    // "Fujimura exposes his crimes.": color text, which does nothing (color-sentences.ts).
    if (colorSentence(cx, list, i)) continue;
    // "Gain 2 Honor and search your Fate deck for an Item, show it, and put it into your hand": what
    // comes before the search first, then the search with the rest.
    const at = searchAfterJoin(cx, words);
    if (at) {
      sentence(cx, words.slice(0, at.before), sink);
      sentences(cx, [words.slice(at.search), ...list.slice(i + 1)], sink);
      return;
    }
    // "Bow this Shugenja to search your Fate deck for an Item, show it, and put it in your hand": the
    // search, with the rest, happens only if the effect before "to" did.
    const to = searchAfterTo(cx, words);
    if (to) {
      cx.use(phraseId("construct", "<effect> to <effect>"));
      const first: Sink = { stmts: [], available: sink.available, hookable: sink.hookable, costs: sink.costs };
      sentence(cx, words.slice(0, to), first);
      const then: Sink = { stmts: [], available: sink.available, hookable: first.hookable, costs: sink.costs };
      sentences(cx, [words.slice(to + 1), ...list.slice(i + 1)], then);
      innermost(first.stmts).push(...then.stmts);
      sink.stmts.push(...first.stmts);
      sink.hookable = then.hookable;
      return;
    }
    // ("He chooses a face-up Personality ...": the rest done with the card chosen, as after a search.)
    const search = searchFor(cx, words, sink) ?? playerChooses(cx, words, sink);
    if (search) {
      // "Search your Fate deck for a Ring, show it, and put it in your hand": the rest of its sentence first.
      sentences(cx, search.rest.length > 0 ? [search.rest, ...list.slice(i + 1)] : list.slice(i + 1), search.inner);
      return;
    }
    // "Move him home. This movement will not be negated.": the protection first (unnegated-movement.ts)
    const next = list[i + 1];
    if (next && protectsMovement(next) && !protectsMovement(words)) {
      movementProtected(cx, words, next, sink, (w, s) => sentence(cx, w, s));
      i++;
      continue;
    }
    if (protectsMovement(words) && !cx.protectingMovement) {
      cx.unsupported(words, words[0]!.range, "the movement it protects is not made by the sentence before it");
      continue;
    }
    // "If ..., search your Fate deck for a Strategy. Show it and put it in your hand": the sentences
    // right after that name the card found (a pronoun) are done with it, inside the search and so
    // inside the condition; the others where they stand ("Bow this Personality").
    if (conditionalSearch(cx, words)) {
      let n = 0;
      while (i + 1 + n < list.length && list[i + 1 + n]!.some((w) => w.t === "w" && cx.lex.pronouns.has(w.lower))) n++;
      cx.afterConditionalSearch = list.slice(i + 1, i + 1 + n);
      sentence(cx, words, sink);
      // (read where they stand if the condition was read otherwise)
      const unread = cx.afterConditionalSearch;
      cx.afterConditionalSearch = null;
      sentences(cx, [...(unread ?? []), ...list.slice(i + 1 + n)], sink);
      return;
    }
    sentence(cx, words, sink);
  }
}

export function sentence(cx: LowerContext, words: Word[], sink: Sink): void {
  // What the sentence's sink has (a hook's loser, a Focus Effect's duel), for the references it names.
  const saved = cx.available;
  cx.available = sink.available;
  try {
    sentenceIn(cx, words, sink);
  } finally {
    cx.available = saved;
  }
}

function sentenceIn(cx: LowerContext, words: Word[], sink: Sink): void {
  if (words.length === 0) return;
  const b = new AstBuilder(rangeOfWords(words, words[0]!.range));
  // "Then, discard a card", "Each player then draws ...": then-sentences.ts.
  const unthen = withoutThen(cx, words);
  if (unthen) return sentences(cx, [unthen], sink);
  // "Otherwise, permanently give him Duelist": after "If he is a Duelist, ...".
  if (otherwiseSentence(cx, words, sink, (w, s) => sentences(cx, [w], s))) return;
  // "If he did not choose this, gain 1 Honor": after "His controller may ..." (a search there nests the
  // rest of the sentence: "If he did not choose this, search your Dynasty deck for a Personality and ...").
  if (afterMay(cx, words, sink, (w, s) => sentences(cx, [w], s))) return;
  // "Bow the duel's loser, and destroy him if he is dishonorable": all of it in the lose hook.
  const hooked = hookSinkFor(cx, words, sink);
  if (hooked) return sentence(cx, words, hooked);
  // "If the seppuku destroyed him, reduce the Honor loss to one."
  if (startsWith(words, 0, ["if"]) > 0) {
    // (the longest condition before a comma: "If he is Kolat, Ninja, or Shadowlands, ...")
    let comma = ifConditionEnd(cx, words);
    if (comma < 0 && cx.afterConditionalSearch === null) comma = forwardConditionEnd(cx, words);
    // "If he would be opposed, move your target Personality ...": the effect first (cataphora.ts).
    const forward = comma > 0 && cx.afterConditionalSearch === null ? forwardPronoun(cx, words.slice(1, comma)) : null;
    if (forward && targetNamedFirst(cx, words.slice(comma + 1), forward.lower)) {
      const mark = cx.pronouns.length;
      const inner: Sink = { stmts: [], available: sink.available, hookable: null, costs: sink.costs };
      sentences(cx, [words.slice(comma + 1)], inner);
      if (!standForward(cx, mark, forward.lower)) return void cx.pronoun("card", forward.range, forward.lower);
      const c = condition(cx, words.slice(0, comma), sink.available, "if");
      if (!c || c.k !== "expr") return;
      cx.use(phraseId("construct", "If <condition>, <effect>"));
      const check = b.ifStmt(c.expr, inner.stmts) as A.IfStmt;
      sink.stmts.push(check);
      cx.lastIf = { stmt: check, sink };
      return;
    }
    if (comma > 0) {
      const c = condition(cx, words.slice(0, comma), sink.available, "if");
      if (!c || c.k !== "expr") return;
      cx.use(phraseId("construct", "If <condition>, <effect>"));
      const inner: Sink = { stmts: [], available: sink.available, hookable: null, costs: sink.costs };
      // (a search there nests the rest of the sentence: "If ..., search your Fate deck for a card and put it ...",
      // and the sentences after it)
      const after = cx.afterConditionalSearch ?? [];
      cx.afterConditionalSearch = null;
      const targetsBefore = cx.targets.length;
      sentences(cx, [words.slice(comma + 1), ...after], inner);
      if (inner.stmts.length === 0 && cx.targets.length > targetsBefore) return announceCondition(cx, c.expr, rangeOfWords(words.slice(0, comma), words[0]!.range));
      const check = b.ifStmt(c.expr, inner.stmts) as A.IfStmt;
      sink.stmts.push(check);
      cx.lastIf = { stmt: check, sink };
      return;
    }
  }
  // "After this moves him, Ranged 4 Attack": in an action's effects, what follows happens once the
  // action itself has done what the condition says; effects resolve in order, so it is "If this moved
  // him, ..." at that point (the condition a declared one: "this moves {c}").
  if (startsWith(words, 0, ["after", "this"]) > 0) {
    const rest = words.slice(1);
    const comma = ifConditionEnd(cx, rest);
    if (comma > 0) {
      const c = condition(cx, rest.slice(0, comma), sink.available, "if");
      if (!c || c.k !== "expr") return;
      cx.use(phraseId("construct", "After this <condition>, <effect>"));
      const inner: Sink = { stmts: [], available: sink.available, hookable: null, costs: sink.costs };
      sentences(cx, [rest.slice(comma + 1)], inner);
      sink.stmts.push(b.ifStmt(c.expr, inner.stmts));
      return;
    }
  }
  // A hook's lead: "If he refuses, ..."
  if (sink.hookable) {
    for (const hook of sink.hookable.hooks) {
      // (a lead may say bracketed words, "if [he|she] refuses": phrase-variants.ts)
      for (const lead of hook.decl.leads) for (const variant of phraseVariants(lead.text)) {
        const n = startsWith(words, 0, phraseWords(variant));
        if (n > 0 && words[n]?.t === "p" && (words[n] as { text: string }).text === ",") {
          cx.use(phraseId("hook", lead.text));
          sentence(cx, words.slice(n + 1), hook.sink);
          return;
        }
      }
    }
  }
  // "Once per battle, you may move him home": a part of an ability limited to once in a period (once-per.ts).
  if (oncePerSentence(cx, words, sink, (w, s) => sentence(cx, w, s))) return;
  // "You may ..." (unless an effect's own phrase begins so: "You may play Action cards from ..."; "You
  // may not ..." is a prohibition, never a choice: "You may not declare an attack this turn")
  if (startsWith(words, 0, ["you", "may"]) === 2 && literalAt(words, 2) !== "not" && !phrasesReading(cx.lex.effectsByFirst, words, 0).some((e) => cx.matcher.matchTemplate(e.template, words, 0, words.length).length > 0)) {
    cx.use(phraseId("construct", "You may <effect>"));
    const inner: Sink = { stmts: [], available: sink.available, hookable: null, costs: sink.costs, ...(sink.costs ? {} : { mayPay: [] }) };
    const body = mayBody(words.slice(2));
    const targetsBefore = cx.targets.length;
    // (as a sentence of its own: "You may search your Fate deck for a Strategy, show it, and put it in
    // your hand" nests the rest of it in the search)
    sentences(cx, [body], inner);
    sink.stmts.push(b.ifStmt(askMay(cx, b.ref("you"), "you", body, sink, b, payableOfMay(cx, inner, null, b, targetsBefore)), inner.stmts));
    return;
  }
  // "His controller may destroy him", "Each other player may ...": another player chooses, and "you" in
  // what follows is that player.
  // (unless an effect's own phrase reads the sentence: "He may assign even if bowed" is not his choice)
  const ownPhrase = (): boolean => phrasesReading(cx.lex.effectsByFirst, words, 0).some((e) => cx.matcher.matchTemplate(e.template, words, 0, words.length).length > 0);
  // (asked only of a sentence that says "may" after its first word: reading it whole is not cheap)
  if (words.some((_, i) => i > 0 && literalAt(words, i) === "may") && !ownPhrase()) {
    if (otherPlayerMay(cx, words, sink, b, (w, s) => sentence(cx, w, s))) return;
  }
  // "After the next time this turn ..., ...": a delayed effect waiting for an event (delayed.ts).
  if (delayedSentence(cx, words, sink, (w, s) => sentence(cx, w, s))) return;
  // "Before this battle resolves, ...", "... before this battle resolves" (this-sequence.ts).
  if (thisSequenceSentence(cx, words, sink, (w, s) => sentence(cx, w, s))) return;
  // Delayed: "after this duel ends, ..." or "... after it ends"
  for (const later of cx.lex.laters) {
    const atStart = startsWith(words, 0, later.words);
    const atEnd = words.length > later.words.length && startsWith(words, words.length - later.words.length, later.words) > 0;
    if (atStart < 0 && !atEnd) continue;
    const body = atStart > 0 ? words.slice(atStart + (words[atStart]?.t === "p" ? 1 : 0)) : words.slice(0, words.length - later.words.length);
    cx.use(phraseId("later", wordingId(later)));
    const inner: Sink = { stmts: [], available: sink.available, hookable: null, costs: sink.costs };
    sentence(cx, body, inner);
    if (later.onceEvent) {
      // "Draw two additional cards before your turn ends" (`= once turnEnds(you)`): once, the next time
      // the event happens with the arguments worked out now, however many turns away (not only this one).
      const ev = later.onceEvent;
      const values = ev.args.map(() => cx.fresh("now"));
      const binders = ev.args.map(() => cx.fresh("then"));
      const range = b.ref("x").range;
      const same = binders.map((w, i) => b.bin("==", b.ref(w), b.ref(values[i]!)));
      const cond = same.length === 0 ? null : same.length === 1 ? same[0]! : b.and(same);
      sink.stmts.push(...ev.args.map((a, i) => b.letStmt(values[i]!, cx.reRange(a, range))), b.lasting([], [b.once(ev.event.text, binders, cond, inner.stmts)]));
    } else if (later.seq && sink.available.has(later.seq)) sink.stmts.push(b.atEnd(b.ref(later.seq), inner.stmts));
    else if (later.seq) {
      // "After this battle ends" in a Battle action: the one running (none running, nothing is delayed).
      const frame = cx.fresh("running");
      const current: A.Expr = { kind: "Current", optional: true, range: b.ref(frame).range, sequence: b.name(later.seq) } as A.Expr;
      sink.stmts.push(b.letStmt(frame, current), b.ifStmt(b.bin("!=", b.ref(frame), b.none()), [b.atEnd(b.ref(frame), inner.stmts)]));
    }
    return;
  }
  // A continuous trait's condition: "While he is attacking, he has +2F", "He has +2F while attacking"
  // (worked out whenever the game changes: the runtime applies continuous traits afresh); a trailing
  // "when" too ("This Holding has +3GP when it pays for a single Holding only").
  const whileWord = words.findIndex((w, i) => literalAt(words, i) === "while");
  const whileAt = whileWord >= 0 ? whileWord : words.findIndex((w, i) => i > 0 && literalAt(words, i) === "when");
  if (whileAt >= 0 && cx.continuous) {
    const lead = whileAt === 0;
    const comma = lead ? words.findIndex((w) => w.t === "p" && w.text === ",") : -1;
    const cond = lead ? (comma > 1 ? words.slice(1, comma) : null) : words.slice(whileAt + 1);
    const body = lead ? (comma > 1 ? words.slice(comma + 1) : null) : trimComma(words.slice(0, whileAt));
    // "This Shugenja has +3F, or +4F while he is Fire": the condition is the second's, as after "if".
    const orAt = lead || !body ? -1 : body.findIndex((w, i) => literalAt(body, i) === "," && literalAt(body, i + 1) === "or");
    const said = orAt > 0 && cond ? saidCondition(cx, cond, body!) : null;
    if (said) {
      cx.use(phraseId("construct", "<trait> while <condition>"));
      effectClause(cx, [...body!, { t: "w", text: "if", lower: "if", range: words[whileAt]!.range }, ...said], sink);
      return;
    }
    if (cond && body && body.length > 0 && orAt < 0) {
      const c = whileCondition(cx, cond, body);
      if (c) {
        cx.use(phraseId("construct", "<trait> while <condition>"));
        const inner: Sink = { stmts: [], available: sink.available, hookable: null, costs: sink.costs };
        sentence(cx, body, inner);
        sink.stmts.push(b.ifStmt(c, inner.stmts));
        return;
      }
      // (no condition read: the cards' own state, "while attacking", in a trait of several cards)
      const described = stateInSubject(cx, cond, body);
      if (described) {
        cx.use(phraseId("construct", "<cards> have <trait> while <state>"));
        sentence(cx, described, sink);
        return;
      }
    }
  }
  // "While your Samurai remains unbowed, ...": effects lasting while a condition holds (while-lasting.ts).
  if (whileLastingSentence(cx, words, sink, (w, s) => sentence(cx, w, s))) return;
  // "Neither Personality contributes Force ...": the ability's two chosen cards, each denied it (neither.ts).
  if (neitherSentence(cx, words, sink, (w, s) => sentence(cx, w, s))) return;
  // A duration: "Until the end of the turn, ..." or "... this turn"
  for (const d of cx.lex.durations) {
    // ("In this battle's resolution, ..." names a part of the battle, not how long effects last.)
    const lead = startsWith(words, 0, d.words);
    const atStart = lead > 0 && literalAt(words, lead) === "'s" ? -1 : lead;
    const atEnd = words.length > d.words.length && startsWith(words, words.length - d.words.length, d.words) > 0;
    if (atStart < 0 && !atEnd) continue;
    if (atStart <= 0 && durationInPhrase(cx.lex, words, d.words.length)) continue; // (durations-in-phrases.ts)
    const body = atStart > 0 ? words.slice(atStart + (literalAt(words, atStart) === "," ? 1 : 0)) : words.slice(0, words.length - d.words.length - (literalAt(words, words.length - d.words.length - 1) === "," ? 1 : 0));
    if (body.length === 0) continue;
    cx.use(phraseId("duration", wordingId(d)));
    const inner: Sink = { stmts: [], available: sink.available, hookable: null, costs: sink.costs };
    sentence(cx, body, inner);
    sink.stmts.push(b.lasting(d.sequences, inner.stmts, d.untilEvent ? cx.reRange(d.untilEvent, b.ref("x").range) : null));
    return;
  }
  // "Until Tsujiken leaves play, ...": until an event next happens to what the text names (until-event.ts).
  if (untilEventSentence(cx, words, sink, (w, s) => sentence(cx, w, s))) return;
  effectClause(cx, words, sink);
}

/**
 * A "while" condition: a declared condition or predicate ("while you control a Tactician", "while he
 * is dishonorable"), or only a state of what the trait is about ("while attacking": "he has +4F while
 * attacking" is "while he is attacking").
 */
const SUBJECT_PRONOUNS = new Set(["he", "she", "it"]);

function whileCondition(cx: LowerContext, cond: Word[], body: Word[]): A.Expr | null {
  const said = saidCondition(cx, cond, body);
  const c = said ? condition(cx, said, new Map(), "if") : null;
  return c && c.k === "expr" ? c.expr : null;
}

/** A "while" condition's words as a condition reads them: as written, or with the trait's subject. */
function saidCondition(cx: LowerContext, cond: Word[], body: Word[]): Word[] | null {
  // "This Shugenja has Duelist while he is Fire": the pronoun is the trait's subject, not yet named.
  const pronounFirst = SUBJECT_PRONOUNS.has(literalAt(cond, 0) ?? "");
  if (!pronounFirst && conditionAhead(cx, cond)) return cond;
  const subject = cx.matcher.cardPhrases(body, 0, body.length).find((p) => p.v.k !== "select");
  if (!subject) return pronounFirst && conditionAhead(cx, cond) ? cond : null;
  const said = [...body.slice(0, subject.next), ...(pronounFirst ? cond.slice(1) : [{ t: "w", text: "is", lower: "is", range: cond[0]!.range } as Word, ...cond])];
  if (conditionAhead(cx, said)) return said;
  return pronounFirst && conditionAhead(cx, cond) ? cond : null;
}

/** An effect clause: read whole (clauses.ts's structures), then emitted in order; unread, a warning. */
export function effectClause(cx: LowerContext, words: Word[], sink: Sink): void {
  const read = readClause(cx, words, sink);
  if (!read) {
    cx.unsupported(words, words[0]?.range ?? { start: 0, end: 0 }, "", declaredOf(cx.checker.symbols).effects);
    return;
  }
  const named = cx.pronouns.length;
  emitClause(cx, read, sink);
  // ("Give each Personality in his unit +1F. Before this turn ends, destroy his unit.": the second
  // "his" is not the first sentence's loop variable, out of scope there)
  const added = cx.pronouns.splice(named);
  cx.pronouns.push(...added.filter((p) => !p.loop));
}

function emitClause(cx: LowerContext, c: ClausePlan, sink: Sink): void {
  switch (c.k) {
    case "effect": {
      // Planned again: an earlier call may have opened hooks this clause belongs in.
      const p = plan(cx, c.words, sink);
      if (p) emit(cx, p, c.words);
      else cx.unsupported(c.words, c.words[0]!.range, "", declaredOf(cx.checker.symbols).effects);
      return;
    }
    case "target":
      cx.use(phraseId("construct", c.targeting ? "target <cards>" : "choose <cards>"));
      cx.declareTarget(c.np, c.targeting);
      return;
    case "player":
      cx.use(phraseId("construct", c.targeting ? "target <player>" : "choose <player>"));
      declarePlayerChoice(cx, c.chosen, c.others, c.targeting);
      if (c.then) emitClause(cx, c.then, sink);
      return;
    case "seq": {
      if (c.plus) cx.use(phraseId("construct", "<effect>, plus <amount>"));
      const before = cx.targets.length;
      for (const part of c.parts) {
        // A card one part loops over is not there in the next ("Give each Personality and each
        // Follower in his unit +1F": the second "his" is not the first part's loop variable).
        const named = cx.pronouns.length;
        emitClause(cx, part, sink);
        const added = cx.pronouns.splice(named);
        cx.pronouns.push(...added.filter((p) => !p.loop));
      }
      // ("Target your bowed Ring and an attachment. Straighten both targets.")
      const targets = c.parts.filter((p) => p.k === "target");
      const first = targets[0];
      if (first?.k === "target" && targets.length >= 2 && targets.length === c.parts.length) namedTogether(cx, cx.targets.slice(before).map((t) => t.slot), first.targeting, first.np.range);
      return;
    }
    case "to": {
      cx.use(phraseId("construct", "<effect> to <effect>"));
      const first: Sink = { stmts: [], available: sink.available, hookable: sink.hookable, costs: sink.costs, doneIf: [] };
      const mark = cx.pronouns.length;
      emitClause(cx, c.first, first);
      const then: Sink = { stmts: [], available: sink.available, hookable: first.hookable, costs: sink.costs };
      lowerSecondPart(cx, c.then, mark, () => emitClause(cx, c.then, then));
      // The second happens only if the first did: inside the first's last choice ("if a card was chosen"),
      // and neither when the first cannot be done (TO: "the word 'to' indicates a contingency of one
      // effect on another", Twenty Festivals glossary).
      innermost(first.stmts).push(...then.stmts);
      const done = first.doneIf!;
      if (done.length === 0) sink.stmts.push(...first.stmts);
      else {
        const b = new AstBuilder(done[0]!.range);
        sink.stmts.push(b.ifStmt(done.length === 1 ? done[0]! : b.and(done), first.stmts));
      }
      sink.hookable = then.hookable;
      return;
    }
    case "or": {
      cx.use(phraseId("construct", "<effect> or <effect>"));
      const range = rangeOfWords(c.alternatives.flatMap((a) => a.words), c.alternatives[0]!.words[0]!.range);
      const b = new AstBuilder(range);
      const named = cx.pronouns.length;
      const announced: string[][] = [];
      const options = cx.alternativesSharingTargets(named, c.alternatives, (alt) => {
        // (in costs, the card an alternative names is chosen with it: cost-choices.ts)
        const inner: Sink = sink.costs ? alternativeSink(sink) : { stmts: [], available: sink.available, hookable: null, costs: sink.costs };
        // What one alternative names as a variable is not there in another ("X or move him home": "him"
        // is not X's variable); a target or a reference is ("this Personality or one of his Weapons").
        cx.keepEverywhere(named);
        const before = cx.targets.length;
        emitClause(cx, alt.plan, inner);
        // (the performer, chosen for the action whichever alternative is paid, is no alternative's own)
        announced.push(cx.targets.slice(before).filter((t) => !(sink.costs && t.performer)).map((t) => t.prompt));
        const chosen = inner.chosenInCost ?? [];
        return { label: textOfWords(alt.words), body: inner.stmts, chosen };
      });
      cx.keepEverywhere(named);
      // A card a cost or a target names is chosen when the ability is announced: a choice of costs where
      // only some choose one in a way not chosen with the alternative, or of effects that each target a
      // different card ("Target and bow your Kensai or one of his Weapons"), would need every
      // alternative's card there, even those not chosen.
      const several = options.some((o) => o.chosen.length > 1);
      const differ = announced.some((a) => a.join("\n") !== announced[0]!.join("\n"));
      if (sink.costs ? several || differ : differ && announced.every((a) => a.length > 0)) {
        cx.fail("unsupported/phrase", `a choice between ${sink.costs ? "costs" : "effects"} of which only some choose a card ("${c.alternatives.map((a) => textOfWords(a.words)).join(" or ")}") is not read yet`, range);
        return;
      }
      if (options.some((o) => o.chosen.length > 0)) cx.use(phraseId("construct", "<cost> or <cost choosing a card>"));
      sink.stmts.push(b.choose(b.ref("you"), `${cx.cardTitle}: choose one`, options.map((o) => ({ label: o.label, body: o.body, ...(o.chosen[0] ? { binder: o.chosen[0].slot, source: o.chosen[0].candidates } : {}) }))));
      return;
    }
    case "otherwise": {
      cx.use(phraseId("construct", "<effect>, or <effect> if <condition>"));
      const first: Sink = { stmts: [], available: sink.available, hookable: null, costs: sink.costs };
      const then: Sink = { stmts: [], available: sink.available, hookable: null, costs: sink.costs };
      cx.sharingTargets(() => {
        const named = cx.pronouns.length;
        emitClause(cx, c.first, first);
        // A card the first chose or looped over is not there in the condition, nor in the other branch
        // ("Bow a card in the target's unit, or bow his unit if he is Mantis Clan": "he" is the target).
        cx.dropLocals(named);
        const cond = condition(cx, c.condition, sink.available, "if");
        if (!cond || cond.k !== "expr") return;
        emitClause(cx, c.then, then);
        cx.dropLocals(named);
        sink.stmts.push(new AstBuilder(rangeOfWords(c.condition, c.condition[0]!.range)).ifStmt(cond.expr, then.stmts, first.stmts));
      });
      return;
    }
    case "if": {
      // The effect first: a pronoun in its condition stands for what the effect named ("Give Kudome a
      // token if she won").
      const inner: Sink = { stmts: [], available: sink.available, hookable: null, costs: sink.costs };
      const named = cx.pronouns.length;
      emitClause(cx, c.body, inner);
      // (not a card the effect chose or looped over: the condition is read outside its statements)
      const locals = cx.pronouns.slice(named).filter((p) => p.local);
      cx.dropLocals(named);
      const cond = condition(cx, c.condition, sink.available, "if");
      cx.pronouns.push(...locals);
      if (!cond || cond.k !== "expr") return;
      cx.use(phraseId("construct", c.unless ? "<effect> unless <condition>" : "<effect> if <condition>"));
      const b = new AstBuilder(rangeOfWords(c.condition, c.condition[0]!.range));
      const gate = b.ifStmt(c.unless ? b.not(cond.expr) : cond.expr, inner.stmts);
      conditionGates.add(gate);
      sink.stmts.push(gate);
      return;
    }
  }
}

/** "If Misato is opposed, target a player.": a condition on nothing but a choice made when the action is
 *  announced.  Twenty Festivals, GOOD FAITH RULE: "To legally announce an action, a player must be able
 *  to ... 0.3. meet the conditions of any phrase beginning with 'If' that starts the action's effects",
 *  so the condition is one the action needs to be announced.  One that reads a card chosen then ("If he
 *  is Cavalry, target him") cannot be known before the choice, and is not read. */
function announceCondition(cx: LowerContext, cond: A.Expr, range: A.Range): void {
  const chosen = new Set(cx.targets.map((t) => t.slot));
  let reads = false;
  eachNode(cond, (n) => {
    if (n.kind === "NameRef" && chosen.has((n as unknown as { name: string }).name)) reads = true;
  });
  if (reads) {
    cx.fail("unsupported/condition", "a condition on a choice made when the action is announced reads the card chosen", range);
    return;
  }
  cx.use(phraseId("construct", "If <condition>, <target>"));
  cx.conditions.push(cond);
}

/** The `if`s of "<effect> if/unless <condition>": they say when that effect happens, not whether what
 *  it leads to does ("bow him unless this is the Attack Phase to bow a target": the target is bowed
 *  in the Attack Phase too). */
const conditionGates = new WeakSet<A.Stmt>();

/** Where what follows a statement happens only if it did: inside its last `if` ("if a card was chosen"). */
function innermost(stmts: A.Stmt[]): A.Stmt[] {
  const last = stmts[stmts.length - 1];
  if (last && last.kind === "If" && last.else === null && !conditionGates.has(last)) return innermost(last.then);
  return stmts;
}

/** The best effect phrase for a clause, and where it goes (here, or into a hook of an earlier call). */
export function plan(cx: LowerContext, words: Word[], sink: Sink): Plan | null {
  let direct: Plan | null = null;
  let hooked: Plan | null = null;
  for (const phrase of phrasesReading(cx.lex.effectsByFirst, words, 0)) {
    for (const match of cx.matcher.matchTemplate(phrase.template, words, 0, words.length)) {
      // A condition slot must read as a condition.
      if ([...match.slots.values()].some((v) => v.ty === "bool" && !conditionAhead(cx, v.words))) continue;
      if (!adjunctsRead(cx, phrase, match, sink)) continue;
      const needs = contextNeeds(cx, phrase, match);
      if (needs.every((n) => sink.available.has(n))) {
        if (!direct || match.literals > direct.match.literals) direct = { phrase, match, sink };
        continue;
      }
      const hook = sink.hookable?.hooks.find((h) => needs.every((n) => h.sink.available.has(n)));
      if (hook && (!hooked || match.literals > hooked.match.literals)) hooked = { phrase, match, sink: hook.sink };
    }
  }
  if (direct && (!hooked || direct.match.literals >= hooked.match.literals)) return direct;
  return hooked;
}

/** Context names a clause needs: those of its references, and of defaults it leaves to its effect. */
export function contextNeeds(cx: LowerContext, phrase: EffectPhrase, match: Match): readonly string[] {
  // (made only when something is needed: most clauses need nothing from their context)
  let out: Set<string> | null = null;
  // (a reference inside a number too: "by an amount equal to your Personality's Force" in a duel)
  const refsOf = (v: SlotValue): void => {
    const card = v.ty === "card" ? v.v : v.ty === "player" && (v.v.k === "card" || v.v.k === "owner") ? v.v.card : v.ty === "numberOf" ? v.card : v.ty === "valueOf" && v.player.k === "card" ? v.player.card : null;
    if (card?.k === "ref") for (const n of card.ref.needs) (out ??= new Set()).add(n);
    if (v.ty === "quantity") for (const n of v.ref.needs) (out ??= new Set()).add(n);
    if (v.ty === "arith") {
      refsOf(v.left);
      if (v.right) refsOf(v.right);
    }
  };
  for (const v of match.slots.values()) refsOf(v);
  for (const [param, names] of phrase.defaultNeeds) {
    if (match.slots.has(param)) continue;
    for (const n of names) (out ??= new Set()).add(n);
  }
  return out ? [...out] : NEEDS_NOTHING;
}

/** A rules expression with each name of an argument read before it replaced by that argument's value. */
function slotsIn(e: A.Expr, args: readonly { name: string; value: A.Expr }[]): A.Expr {
  return replaceNodes(e, (n) => (n.kind === "NameRef" ? (args.find((a) => a.name === n.name)?.value as unknown as Record<string, unknown> | undefined) : undefined));
}

// ================================================================ emitting calls
export function emit(cx: LowerContext, plan: Plan, words: Word[]): void {
  cx.use(plan.phrase.id);
  const effect = plan.phrase.effect;
  const sink = plan.sink;
  if (effect.decl.costOnly && !sink.costs && !sink.mayPay) {
    cx.fail("unsupported/cost", `"${textOfWords(words)}" is a cost: it can only be paid before the colon of an ability`, rangeOfWords(words, words[0]!.range));
    return;
  }
  const b = new AstBuilder(rangeOfWords(words, words[0]!.range));
  const wrappers: ((inner: A.Stmt[]) => A.Stmt[])[] = [];
  const args: { name: string; value: A.Expr }[] = [];
  const conditionSlots: A.Param[] = [];
  const clauseStart = cx.pronouns.length;
  const namedCards: { slot: string; names: string[] }[] = [];
  for (const p of effect.decl.params) {
    const want = cx.checker.resolveType(p.type, effect.file);
    const slot = plan.match.slots.get(p.name.text);
    if (slot?.ty === "bool") conditionSlots.push(p);
    else if (slot) {
      const declared = slot.ty === "card" ? plan.phrase.settings.find((s) => s.name.text === p.name.text && s.domain)?.domain : undefined;
      // A domain may name the phrase's slots read before it ("transfer {a} from {source} to {to}" (a from
      // source.attachments)): each is the value its card text gave.
      const domain = declared && args.length > 0 ? slotsIn(declared, args) : declared;
      // "Mitsuru duels him": a pronoun that is a slot of its own is none of the cards the phrase's other
      // slots name ("himself" is: see findPronoun).
      // (a place said of the card put there, "home", is the latest card argument's: places.ts)
      const slotValue = (): A.Expr | null => (slot.ty === "zone" ? placeArg(cx, slot, want, sink, wrappers, placedCard(effect, args), (s, w) => slotArg(cx, s, w, sink, wrappers)) : slotArg(cx, slot, want, sink, wrappers));
      const read = (): A.Expr | null => cx.withDefaultSource(domain ? cx.reRange(domain, slot.ty === "card" ? slot.v.range : b.ref("x").range) : null, slotValue);
      const before = cx.pronouns.map((x) => x.name);
      cx.lastResolved = null;
      const value = slot.ty === "card" && slot.v.k === "pronoun" ? cx.namedBefore(clauseStart, read) : read();
      if (!value) return;
      if (slot.ty === "card") namedCards.push({ slot: p.name.text, names: namedBySlot(cx, before, slot.v.k === "pronoun" ? cx.lastResolved : null) });
      else namedInValues(cx, namedCards, p.name.text, before);
      args.push({ name: p.name.text, value });
      continue;
    }
    const setting = plan.phrase.settings.find((s) => s.name.text === p.name.text);
    if (setting?.value) args.push({ name: p.name.text, value: cx.reRange(setting.value, b.ref("x").range) });
    // "Targeting and costs are not effects" (Twenty Festivals, Definition of effects): paid as a cost, what
    // an effect would take to be the action whose effects it is (a default of `action`) is none.
    else if (!setting && !slot && sink.costs && p.init?.kind === "NameRef" && p.init.name === "action") args.push({ name: p.name.text, value: b.none() });
  }
  // "Move him to Mitsushen's battlefield. If he moved, ...": the object is the latest card named.
  objectsLatest(cx, namedCards, possessorSlots(plan.phrase.template));
  // A target the phrase names is declared after its slots are read: "Fear with strength equal to his
  // Force" is the Force of the Personality named before, not of the Fear's own target.
  for (const setting of plan.phrase.settings) {
    if (!setting.target) continue;
    const target = phraseTarget(cx, setting.target, words);
    if (!target) return;
    args.push({ name: setting.name.text, value: b.ref(target) });
  }
  // A condition is read last: "if the target is dishonorable" names the phrase's own target.
  for (const p of conditionSlots) {
    const value = slotArg(cx, plan.match.slots.get(p.name.text)!, T.bool, sink, wrappers);
    if (!value) return;
    args.push({ name: p.name.text, value });
  }
  let hooks: { decl: A.HookDecl; sink: Sink }[] = [];
  if (effect.decl.hooks.length > 0) {
    hooks = effect.decl.hooks.map((h) => {
      const available = new Map(sink.available);
      for (const hp of h.params) available.set(hp.name.text, cx.checker.resolveType(hp.type, effect.file));
      return { decl: h, sink: { stmts: [], available, hookable: null, costs: sink.costs } };
    });
    emitAdjuncts(cx, plan.phrase, plan.match, hooks);
    for (const h of hooks) {
      args.push({
        name: h.decl.name.text,
        value: { kind: "Closure", range: b.ref("x").range, params: h.decl.params, body: h.sink.stmts },
      });
    }
  }
  if (sink.costs && effect.decl.payable) payableChoices(cx, effect, args, sink.chosenInCost);
  // "His controller may pay 4 Gold" among effects: paid as the answer says, asked only if it can be
  // (a cost paid for each of several cards, or one whose cards are chosen as it is paid, is not read yet).
  if (effect.decl.costOnly && !sink.costs && sink.mayPay) {
    if (wrappers.length > 0 || !effect.decl.payable) {
      cx.fail("unsupported/cost", `"${textOfWords(words)}" is a cost: among effects it can only be paid as one a player may pay, whole`, rangeOfWords(words, words[0]!.range));
      return;
    }
    cx.use(phraseId("construct", "<player> may <cost> (among effects)"));
    sink.mayPay.push(payableCheck(cx, effect, args, b));
  }
  // (an effect done once, not in a loop or under a condition of its own: one check says whether it can be)
  if (sink.doneIf && !sink.costs && effect.decl.payable && wrappers.length === 0) sink.doneIf.push(payableCheck(cx, effect, args, b));
  const call = b.call(effect.decl.name.text, args);
  if (hooks.length) cx.callsWithHooks.push(call);
  let stmts: A.Stmt[] = [b.exprStmt(call)];
  for (let i = wrappers.length - 1; i >= 0; i--) stmts = wrappers[i]!(stmts);
  const before = createsCard(plan) ? cx.fresh("createdBefore") : null;
  if (before) sink.stmts.push(b.letStmt(before, b.call("lastCreated", [])));
  sink.stmts.push(...stmts);
  if (hooks.length) sink.hookable = { effect, hooks };
  if (before) nameCreatedCard(cx, plan, sink, b, before);
  else if (choosesUnnamedCard(plan)) {
    // "Discard a card: Produce Gold equal to its Focus Value": the effect picks the card itself; "it"
    // after it is the card the rules' record of it names (picked.ts), else no card that can be read
    // (not an earlier one).  (No variable: a name no identifier has.)
    const picked = pickedCardOf(cx.checker.symbols, plan.phrase.effect, b.ref("x").range);
    // (its name is no identifier's: "it" stands for the record, worked out again where it is used)
    // (a card picked so is named by "card" alone: "it" or "the card" names it, "him" does not)
    if (picked) cx.pronouns.push({ name: `picked card ${cx.pronouns.length}`, ty: "card", types: null, nullable: true, stands: picked, bareCard: true });
    else cx.pronouns.push({ name: "picked card", ty: "card", types: cx.lex.pronouns.get("it") ?? null, several: true, bareCard: true });
  }
}

/** Where the condition of "If <condition>, <effect>" ends: the last comma before which a condition
 *  reads, or -1. */

/** Does the effect's phrase say it picks "a card" itself ("discard a card", "draw a card", "look at the
 *  top card of any deck")? */
function choosesUnnamedCard(plan: Plan): boolean {
  const parts = plan.phrase.template.parts;
  const lit = (i: number): string | null => {
    const p = parts[i];
    return p && "lit" in p ? p.lit : null;
  };
  return parts.some((_, i) => (lit(i) === "a" || lit(i) === "one" || lit(i) === "top") && lit(i + 1) === "card");
}

function createsCard(plan: Plan): boolean {
  return [...plan.match.slots.values()].filter((s) => s.ty === "description").length === 1;
}

/**
 * A card the effect created ("Create a 2F Personality ... Remove him from the game"): what a later
 * pronoun stands for.  Only one card created: "create two ... Followers" names no one of them.
 */
function nameCreatedCard(cx: LowerContext, plan: Plan, sink: Sink, b: AstBuilder, before: string): void {
  const created = [...plan.match.slots.values()].find((s) => s.ty === "description");
  if (created?.ty !== "description") return;
  const counted = plan.phrase.effect.decl.params.some((p) => p.type.name.text === "number" && plan.match.slots.has(p.name.text));
  const types = new Set([created.type]);
  if (counted) {
    cx.pronouns.push({ name: cx.fresh("several"), ty: "card", types, several: true });
    return;
  }
  // None when the effect created no card (its condition did not hold).
  const name = cx.fresh("created");
  const last = b.call("lastCreated", []);
  const ifNew: A.Expr = { kind: "IfExpr", range: last.range, condition: b.bin("!=", last, b.ref(before)), then: last, else: b.none() };
  sink.stmts.push(b.letStmt(name, ifNew));
  cx.pronouns.push({ name, ty: "card", types, nullable: true });
}

/**
 * A card the phrase itself targets (`"Ranged {n} Attack" (c = target "a Follower or Personality without
 * Followers in the current enemy army")`): the rules' noun phrase read as card text at the clause, and
 * chosen when the ability is announced like any "target" the card prints.
 */
function phraseTarget(cx: LowerContext, text: A.PhraseText, words: Word[]): string | null {
  const shared = cx.sharedTarget(text.text);
  if (shared) return shared;
  const range = rangeOfWords(words, text.range);
  const targetWords = wordsFromText(text.text, range);
  const np = cx.matcher.wholeCardPhrase(targetWords, 0, targetWords.length);
  if (!np || np.k !== "select") {
    cx.fail("unsupported/target", `the rules' target "${text.text}" names no kind of card that can be targeted`, range);
    return null;
  }
  const slot = cx.declareTarget(np, true);
  cx.shareTarget(text.text, slot);
  return slot;
}

/** A cost paid with a card chosen for it: only cards it can be paid with are offered. */
/** Whether an effect can be done with these arguments: its `payable`, its parameters bound. */
function payableCheck(cx: LowerContext, effect: Effect, args: readonly { name: string; value: A.Expr }[], b: AstBuilder): A.Expr {
  let check = cx.reRange(effect.decl.payable!, b.ref("x").range);
  for (const p of effect.decl.params) {
    const given = args.find((a) => a.name === p.name.text);
    const value = given?.value ?? (p.init ? cx.reRange(p.init, b.ref("x").range) : null);
    if (value) check = letExpr(p.name.text, value, check, b.ref("x").range);
  }
  return check;
}

export function payableChoices(cx: LowerContext, effect: Effect, args: { name: string; value: A.Expr }[], chosenInCost: readonly CostChoice[] = []): void {
  const payable = effect.decl.payable!;
  for (const arg of args) {
    if (arg.value.kind !== "NameRef") continue;
    const slotName = arg.value.name;
    const target = cx.targets.find((t) => t.slot === slotName) ?? chosenInCost.find((t) => t.slot === slotName);
    if (!target) continue;
    const b = new AstBuilder(arg.value.range);
    let check = cx.reRange(payable, arg.value.range);
    for (const p of effect.decl.params) {
      const given = args.find((a) => a.name === p.name.text);
      const value = p.name.text === arg.name ? b.ref("payWith") : given?.value ?? (p.init ? cx.reRange(p.init, arg.value.range) : null);
      if (value) check = letExpr(p.name.text, value, check, arg.value.range);
    }
    target.candidates = b.comprehension("payWith", target.candidates, check);
  }
}

export function slotArg(cx: LowerContext, slot: SlotValue, want: Ty, sink: Sink, wrappers: ((inner: A.Stmt[]) => A.Stmt[])[]): A.Expr | null {
  // "a Force penalty equal to your target Personality's Chi": a card targeted inside a number is one of
  // the ability's targets, chosen as it is announced like any other; the number is its stat.
  if (slot.ty === "numberOf" && slot.card.k === "select" && slot.card.target) {
    const card = cardArg(cx, slot.card, sink, wrappers, T.card);
    if (!card) return null;
    const b = new AstBuilder(slot.range);
    return b.call(slot.printed ? "printedStatOf" : "statOf", [{ value: card }, { value: b.ref(slot.stat) }]);
  }
  switch (slot.ty) {
    case "number":
    case "numberOf":
    case "valueOf":
    case "quantity":
    case "countOf":
    case "extremeOf":
    case "arith":
    case "when":
    case "stat":
    case "text":
    case "texts":
    case "bonus":
    case "bool":
    case "description":
    case "adjuncts":
    case "ability":
      return slotExpr(cx, slot);
    case "use":
      return useExpr(cx, slot, wrappers);
    case "zone":
      return placeArg(cx, slot, want, sink, wrappers, null, (s, w) => slotArg(cx, s, w, sink, wrappers));
    case "player": {
      const v = slot.v;
      const b = new AstBuilder(v.range);
      if (v.k === "you") return b.ref("you");
      if (v.k === "target") return b.ref(declarePlayerChoice(cx, v.words, v.others, true));
      if (v.k === "other") {
        const others = b.comprehension("pl", b.ref("players"), v.quant === "each" ? null : b.bin("!=", b.ref("pl"), b.ref("you")));
        const name = cx.fresh("player");
        if (v.quant === "each" || v.quant === "eachOther") wrappers.push((inner) => forEachPlayer(cx.checker.symbols, b, name, others, inner));
        else wrappers.push((inner) => [b.letStmt(name, b.chooseFrom(b.ref("you"), "Choose a player", others)), b.ifStmt(b.bin("!=", b.ref(name), b.none()), inner)]);
        cx.pronouns.push({ name, ty: "player" });
        return b.ref(name);
      }
      if (v.k === "qualified") {
        // "Each player with 21 or more Family Honor loses 5 Honor": each player the qualifiers fit.
        const fits: A.Expr[] = v.others ? [b.bin("!=", b.ref("pl"), b.ref("you"))] : [];
        for (const q of v.qualifiers) {
          const f = qualifierFilter(cx, q, b.ref("pl"), v.range);
          if (!f) return null;
          fits.push(f);
        }
        const those = b.comprehension("pl", b.ref("players"), fits.length === 1 ? fits[0]! : b.and(fits));
        const name = cx.fresh("player");
        wrappers.push((inner) => forEachPlayer(cx.checker.symbols, b, name, those, inner));
        cx.pronouns.push({ name, ty: "player" });
        return b.ref(name);
      }
      // "its owner": the owner of the card, not its controller.
      if (v.k === "owner") {
        cx.use(phraseId("construct", "<card>'s owner"));
        const owned = cardArg(cx, v.card, sink, wrappers, T.card);
        return owned ? b.member(owned, "owner") : null;
      }
      const card = cardArg(cx, v.card, sink, wrappers, T.player);
      return card;
    }
    case "card":
      return cardArg(cx, slot.v, sink, wrappers, want);
  }
}

/** A card phrase as an argument; `want` player means its controller. */
export function cardArg(cx: LowerContext, v: CardPhrase, sink: Sink, wrappers: ((inner: A.Stmt[]) => A.Stmt[])[], want: Ty): A.Expr | null {
  const b = new AstBuilder(v.range);
  const toWanted = (e: A.Expr, ty: Ty): A.Expr => (want.k === "player" && ty.k !== "player" ? b.member(e, "controller") : e);
  // "Target a Terrain and an enemy card: Destroy both targets": each of the ability's two targets.
  const pair = v.k === "pronoun" && v.word === "both targets" ? bothTargets(cx) : null;
  if (pair) {
    cx.use(phraseId("construct", "both targets <of two targets>"));
    const name = cx.fresh("each");
    wrappers.push((inner) => [b.forStmt(name, { kind: "List", range: v.range, items: pair.map((slot) => b.ref(slot)) }, inner)]);
    return toWanted(b.ref(name), T.card);
  }
  if (v.k === "pronoun") {
    const p = cx.pronoun(want.k === "player" ? "player" : "card", v.range, v.word, v.targeted, v.described, v.definite);
    if (!p) return null;
    const named = cx.pronouns.find((x) => x.name === p);
    let value = cx.named(p, v.range);
    // "Move this Personality there. Straighten his unit": "his" may name no card where "this
    // Personality" may not (a reference worked out again is held while the effect uses it).
    if (named?.nullable) {
      const held = named.stands ? cx.fresh("it") : p;
      const worked = value;
      if (named.stands) value = b.ref(held);
      wrappers.push((inner) => [...(named.stands ? [b.letStmt(held, worked)] : []), b.ifStmt(b.bin("!=", b.ref(held), b.none()), inner)]);
    }
    // "Give the target -3F. Bow it ...": the target named is the latest card named.
    if (v.targeted) cx.mentioned(p);
    // (a slot of several cards takes them all: "Switch their locations")
    if (named?.many) return want.k === "list" ? value : toWanted(eachOf(cx, b, p, wrappers), T.card);
    return want.k === "player" && named?.ty === "card" ? b.member(value, "controller") : value;
  }
  if (v.k === "ref") {
    const expr = cx.refExpr(v.ref, v.range);
    const ty = cx.typeOf(expr, sink.available);
    if (ty.k === "error") {
      cx.fail("unsupported/reference", `"${cx.file.text.slice(v.range.start, v.range.end)}" cannot be used here (it needs ${v.ref.needs.join(", ") || "a context"})`, v.range);
      return null;
    }
    // A reference that is just a name (a hook's `loser`) needs no variable of its own.
    if (expr.kind === "NameRef" && !ty.nullable && ty.k !== "list") {
      cx.namedReference(v.ref, expr, false, true);
      return toWanted(expr, ty);
    }
    const name = cx.fresh(ty.k === "list" ? "each" : "it");
    // What a reference names is it afterwards, worked out again (not this effect's variable).
    if (ty.k === "list") cx.pronouns.push({ name, ty: "card", nullable: ty.nullable, local: true, loop: true });
    else cx.namedReference(v.ref, expr, ty.nullable);
    if (ty.k === "list") {
      wrappers.push((inner) => [b.forStmt(name, expr, inner)]);
      return toWanted(b.ref(name), ty.of);
    }
    if (ty.nullable) wrappers.push((inner) => [b.letStmt(name, expr), b.ifStmt(b.bin("!=", b.ref(name), b.none()), inner)]);
    else wrappers.push((inner) => [b.letStmt(name, expr), ...inner]);
    return toWanted(b.ref(name), ty);
  }
  if (v.target && v.count) return toWanted(eachOf(cx, b, cx.declareTarget(v, !v.chosen), wrappers), T.card);
  if (v.target) return toWanted(b.ref(cx.declareTarget(v, !v.chosen)), T.card);
  const chosen = cx.yoursNamed(v);
  // ("Straighten your Personality if he is Fire": the card named again is the latest named.)
  if (chosen && !cx.tryingOnly) cx.mentioned(chosen);
  if (chosen) return toWanted(b.ref(chosen), T.card);
  if (v.count) {
    cx.fail("unsupported/target", `"${textOfWords(v.words)}" chooses several cards as the effect resolves, which the rules cannot do yet`, v.range);
    return null;
  }
  const candidates = candidatesOf(cx, v);
  const each = v.quant === "each" || (v.quant === "none" && v.noun.plural) || (!sink.costs && anyPluralMeansEvery(v));
  // A card a cost names is chosen when the ability is announced, before its costs are paid (with its
  // alternative, in a choice of costs).  The card performing the action is chosen for the action
  // whichever cost is paid ("Bow your performing Kensai or one of his Weapons": a Weapon of his).
  if (sink.costs && !each && sink.chosenInCost && !performs(v)) return toWanted(b.ref(chooseWithAlternative(cx, v, sink.chosenInCost)), T.card);
  if (sink.costs && !each) return toWanted(b.ref(cx.declareTarget(v, false)), T.card);
  const name = cx.fresh(each ? "each" : "chosen");
  if (each) wrappers.push((inner) => [b.forStmt(name, candidates, inner)]);
  else wrappers.push((inner) => [b.letStmt(name, b.chooseFrom(b.ref("you"), `Choose ${textOfWords(v.words)}`, candidates)), b.ifStmt(b.bin("!=", b.ref(name), b.none()), inner)]);
  // (a card chosen as the effect resolves may be none after its sentence: later pronouns check it)
  cx.pronouns.push({ name, ty: "card", types: cx.selectTypes(v), nullable: !each, local: true, ...(each ? { loop: true } : {}) });
  return toWanted(b.ref(name), T.card);
}

/** What is done to a target of several ("Straighten them") is done to each of its cards in turn. */
/** The ability's two targets, when "both targets" names no target of several cards (and it has exactly
 *  two targets of one card each), else null. */
function bothTargets(cx: LowerContext): [string, string] | null {
  if (cx.findPronoun("card", "both targets", { words: [], kind: "any", name: "card", plural: false })) return null;
  const single = cx.targets.filter((t) => t.targeted && !t.player && !t.count);
  return single.length === 2 && cx.targets.filter((t) => t.targeted).length === 2 ? [single[0]!.slot, single[1]!.slot] : null;
}

function eachOf(cx: LowerContext, b: AstBuilder, slot: string, wrappers: ((inner: A.Stmt[]) => A.Stmt[])[]): A.Expr {
  const name = cx.fresh("each");
  wrappers.push((inner) => [b.forStmt(name, cx.named(slot, b.ref(slot).range), inner)]);
  return b.ref(name);
}

/** Is it the card performing the action ("your performing Kensai")? */
function performs(v: Select): boolean {
  return v.adjectives.some((a) => a.meaning.k === "declared" && a.meaning.decl.performer);
}
