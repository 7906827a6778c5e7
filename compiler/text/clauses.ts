// The structure of an effect clause, read without changing anything (so that a reading can be tried and
// given up): sentences.ts emits what is read here.
import type { Word } from "./words.ts";
import { literalAt, splitAtCommas, wordsKey } from "./words.ts";
import type { LowerContext, Select, Sink } from "./context.ts";
import { conditionAfterNamedCard } from "./named-by-body.ts";
import { whileReading } from "./conditions.ts";
import { plan } from "./sentences.ts";
import { sharedObjects } from "./shared-objects.ts";
import { withNumberReplaced } from "./number-alternative.ts";
import { sameTargetAgain, withSharedTarget } from "./shared-target.ts";
import { playerChoiceClause } from "./player-targets.ts";
import { targetThenVerb } from "./target-and-verb.ts";
import { readWithFirstSubject } from "./contingent-subject.ts";

/**
 * What a clause is made of: an effect phrase; effects in turn ("bow him, dishonor him, and gain 2
 * Honor", "draw a card, then discard a card"); an effect contingent on another ("discard a card to draw
 * a card": the second happens only if the first's choice was made); a choice between effects ("bow him
 * or straighten him", "either ..., or ...", "give him Kolat, Ninja, or Shadowlands"); or an effect with
 * its condition after it ("destroy it if it is not Cavalry", "bow him unless he is Water").
 */
export type ClausePlan =
  | { readonly k: "effect"; readonly words: Word[] }
  /** "target your performing Magistrate" inside effects: a target chosen when the ability is announced. */
  | { readonly k: "target"; readonly words: Word[]; readonly np: Select; readonly targeting: boolean }
  /** "target a player", "choose a player who loses 2 Honor" (compiler/text/player-targets.ts). */
  | { readonly k: "player"; readonly chosen: Word[]; readonly others: boolean; readonly targeting: boolean; readonly then: ClausePlan | null }
  /** `plus`: "Produce 2 Gold, plus 1 Gold for each ...": the second part adds to the first (its verb again). */
  | { readonly k: "seq"; readonly parts: readonly ClausePlan[]; readonly plus?: boolean }
  | { readonly k: "to"; readonly first: ClausePlan; readonly then: ClausePlan }
  | { readonly k: "or"; readonly alternatives: readonly { readonly words: Word[]; readonly plan: ClausePlan }[] }
  /** "Melee 4 Attack, or Melee 5 Attack if the target is Cavalry": the second if its condition holds,
   *  else the first (not a choice); a target both name is one target. */
  | { readonly k: "otherwise"; readonly first: ClausePlan; readonly condition: Word[]; readonly then: ClausePlan }
  /** `unless`: the body happens only if the condition does not hold. */
  | { readonly k: "if"; readonly condition: Word[]; readonly body: ClausePlan; readonly unless: boolean };

const MAX_CLAUSE_DEPTH = 4;
const NOT_SHARED = new Set([
  "a", "an", "the", "this", "that", "your", "his", "her", "its", "their", "each", "every", "all", "any", "one", "another", "target", "two", "three",
  "he", "him", "she", "it", "they", "them", "if", "unless", "while", "when", "to", "then", "and", "or", ",",
]);
/** A pronoun a shared verb may end with: it names the same card in each part ("give him +1F and Elite"). */
const SHARED_OBJECTS = new Set(["him", "her", "it", "them"]);

export function readClause(cx: LowerContext, words: Word[], sink: Sink, depth = 0): ClausePlan | null {
  if (words.length === 0) return null;
  // A long clause is split many ways, and the ways meet the same runs of words again: what one run
  // reads as, at a depth, is kept while one clause is read (nothing changes while it is only read),
  // and so are the conditions asked on the way.
  if (depth === 0) {
    readings.set(cx, new WeakMap());
    return whileReading(cx, () => readClauseAt(cx, words, sink, depth));
  }
  return readClauseAt(cx, words, sink, depth);
}

function readClauseAt(cx: LowerContext, words: Word[], sink: Sink, depth: number): ClausePlan | null {
  const bySink = readings.get(cx)!;
  let known = bySink.get(sink);
  if (!known) bySink.set(sink, (known = new Map()));
  const key = wordsKey(words);
  const seen = known.get(key);
  // (a run that reads as nothing reads as nothing deeper too: less depth is left for its parts)
  if (seen && seen.failedFrom <= depth) return null;
  const kept = seen?.read.get(depth);
  if (kept !== undefined) return kept;
  const read = readClauseAfresh(cx, words, sink, depth);
  const entry = seen ?? { failedFrom: Infinity, read: new Map<number, ClausePlan>() };
  if (read) entry.read.set(depth, read);
  else entry.failedFrom = Math.min(entry.failedFrom, depth);
  known.set(key, entry);
  return read;
}

const readings = new WeakMap<LowerContext, WeakMap<Sink, Map<string, { failedFrom: number; read: Map<number, ClausePlan> }>>>();

function readClauseAfresh(cx: LowerContext, words: Word[], sink: Sink, depth: number): ClausePlan | null {
  if (plan(cx, words, sink)) return { k: "effect", words };
  // "Give one or two target Holdings +1 Gold Production each": "each" says only that each card has it.
  if (literalAt(words, words.length - 1) === "each" && words.length > 2 && plan(cx, words.slice(0, -1), sink)) return { k: "effect", words: words.slice(0, -1) };
  const lead = literalAt(words, 0);
  if ((lead === "target" || lead === "choose") && !sink.costs) {
    // ("Target two of your Shugenja.": a target of several too)
    const np = cx.matcher.announcedCardPhrase(words, 1, words.length);
    if (np && np.k === "select") return { k: "target", words, np, targeting: lead === "target" };
    const player = playerChoiceClause(words);
    const then = player?.then ? readClause(cx, player.then, sink, depth + 1) : null;
    if (player && (!player.then || then)) return { k: "player", chosen: player.chosen, others: player.others, targeting: player.targeting, then };
  }
  if (depth >= MAX_CLAUSE_DEPTH) return null;
  return leadingIf(cx, words, sink, depth) ?? otherwise(cx, words, sink, depth) ?? trailingIf(cx, words, sink, depth) ?? choiceToEffect(cx, words, sink, depth) ?? alternatives(cx, words, sink, depth) ?? contingent(cx, words, sink, depth) ?? inTurn(cx, words, sink, depth) ?? bothObjects(cx, words, sink, depth);
}

/** "Give him and each of his Followers +1F": the effect on each card, in turn. */
function bothObjects(cx: LowerContext, words: Word[], sink: Sink, depth: number): ClausePlan | null {
  const nounEnds = (from: number): Set<number> => new Set([...cx.matcher.cardPhrases(words, from, words.length), ...cx.matcher.players(words, from, words.length)].map((c) => c.next));
  const read = sharedObjects(words, (w) => readClause(cx, w, sink, depth + 1), nounEnds);
  return read ? { k: "seq", parts: read } : null;
}

/** `part` read with what it leaves out of `before`: its verb (withSharedVerb), else its verb and the same
 *  card said again (shared-target.ts). */
function withShared<T>(cx: LowerContext, before: readonly Word[], part: readonly Word[], read: (words: Word[]) => T | null): { words: Word[]; read: T } | null {
  return withSharedVerb(before, part, read) ?? withSharedTarget(cx, before, part, read);
}

/**
 * `part` read with the verb of `before` ("Produce 2 Gold, or 3 Gold": "produce 3 Gold"): the verb may be
 * more than a word ("move home a target Personality and himself", "Kyuudo has +3F and Elite", "give him
 * +3F or -3F"), but not a card it names that begins with a determiner (a second "your target Spirit"
 * would be a second target), nor a condition ("Destroy it if ...").
 */
function withSharedVerb<T>(before: readonly Word[], part: readonly Word[], read: (words: Word[]) => T | null): { words: Word[]; read: T } | null {
  for (let n = 1; n < before.length; n++) {
    const last = literalAt(before, n - 1) ?? "";
    if (n > 1 && NOT_SHARED.has(last) && !SHARED_OBJECTS.has(last)) break;
    const words = [...before.slice(0, n), ...part];
    const r = read(words);
    if (r) return { words, read: r };
  }
  return null;
}

/** "Ranged 4 Attack, or Ranged 6 Attack if this Shugenja is Thunder": the second if the condition holds. */
function otherwise(cx: LowerContext, words: Word[], sink: Sink, depth: number): ClausePlan | null {
  for (let i = 2; i < words.length - 1; i++) {
    if (literalAt(words, i) !== "or" || literalAt(words, i - 1) !== ",") continue;
    const left = words.slice(0, i - 1);
    const right = words.slice(i + 1);
    const conditional = (w: Word[]): Extract<ClausePlan, { k: "if" }> | null => {
      // ("or 3 Gold when paying for a Nonhuman": here "when" is the condition's "if")
      const r = trailingIf(cx, w, sink, depth + 1, true);
      return r && r.k === "if" && !r.unless ? r : null;
    };
    // "Produce 2 Gold, or 3 Gold if ...": the second shares the first's verb (as effects in turn do).
    const then = conditional(right) ?? withShared(cx, left, right, conditional)?.read ?? withNumberReplaced(left, right, conditional)?.read ?? null;
    if (!then) continue;
    const first = readClause(cx, left, sink, depth + 1);
    if (first) return { k: "otherwise", first, condition: then.condition, then: then.body };
  }
  return null;
}

/** "Move him home and, as he moves, his controller loses 2 Honor", "As he moves, straighten his unit": a
 *  clause with its "as" condition first (the longest that reads before a comma), as "<effect> as he
 *  moves" is with it last (trailingIf).  (A leading "if" among effects in turn is not read yet: "move the
 *  target home, and if he moved, ..." in a delayed effect would ask the action's record of movements,
 *  which only an action being resolved has: rules/battle-text.l5r, movedByAction.) */
function leadingIf(cx: LowerContext, words: Word[], sink: Sink, depth: number): ClausePlan | null {
  if (literalAt(words, 0) !== "as") return null;
  for (let i = words.length - 2; i > 1; i--) {
    if (literalAt(words, i) !== ",") continue;
    const condition = words.slice(0, i);
    if (!conditionAfterNamedCard(cx, condition)) continue;
    const body = readClause(cx, words.slice(i + 1), sink, depth + 1);
    if (body) return { k: "if", condition, body, unless: false };
  }
  return null;
}

/** "Destroy it if it is not Cavalry", "Bow him unless he is Water", "Bow him as he moves": the last
 *  "if", "unless" or "as" whose condition reads. */
function trailingIf(cx: LowerContext, words: Word[], sink: Sink, depth: number, when = false): ClausePlan | null {
  for (let i = words.length - 2; i > 0; i--) {
    const lead = literalAt(words, i);
    if (lead !== "if" && lead !== "unless" && lead !== "as" && !(when && lead === "when")) continue;
    // (the condition read is always "if ...": "unless he is Water" is "if he is Water", negated; "Bow
    // him as he moves" keeps its "as", a declared condition "as {c} moves")
    const condition = lead === "if" || lead === "as" ? words.slice(i) : words.slice(i + 1);
    if (!conditionAfterNamedCard(cx, condition)) continue;
    const body = readClause(cx, trimComma(words.slice(0, i)), sink, depth + 1);
    // "Bow the loser, and destroy him if he is dishonorable": the condition is the last effect's.
    if (body?.k === "seq") return { k: "seq", parts: [...body.parts.slice(0, -1), { k: "if", condition, body: body.parts[body.parts.length - 1]!, unless: lead === "unless" }] };
    if (body) return { k: "if", condition, body, unless: lead === "unless" };
  }
  return null;
}

/** "Bow him or straighten him", "either gain 2 Honor, or draw a card", "give him Kolat, Ninja, or
 *  Shadowlands" (a list: each choice after the first shares its verb). */
function alternatives(cx: LowerContext, words: Word[], sink: Sink, depth: number): ClausePlan | null {
  const start = literalAt(words, 0) === "either" ? 1 : 0;
  for (let i = start + 1; i < words.length - 1; i++) {
    if (literalAt(words, i) !== "or") continue;
    const left = trimComma(words.slice(start, i));
    const right = words.slice(i + 1);
    // "Bow Kojinrue or one of his Weapons, and target an enemy card": the choice is only the first of
    // effects in turn (inTurn reads them).
    if (right.some((_, k) => literalAt(right, k) === "," && ["and", "then"].includes(literalAt(right, k + 1) ?? ""))) continue;
    const listed = splitAtCommas(left).filter((p) => p.length > 0);
    const read = (listed.length > 1 ? choices(cx, [...listed, right], sink, depth) : null) ?? choices(cx, [left, right], sink, depth);
    if (read) return { k: "or", alternatives: read };
  }
  return null;
}

/** Each choice read, those after the first with its verb if they have none. */
function choices(cx: LowerContext, parts: Word[][], sink: Sink, depth: number): { words: Word[]; plan: ClausePlan }[] | null {
  // "Bow or straighten him": the first verb shares the last choice's object ("Bow or straighten a target
  // Ring": one target, which the last choice names again).
  const last = parts[parts.length - 1]!;
  const borrowed = parts.length === 2 && parts[0]!.length === 1;
  const first = borrowed ? [...parts[0]!, ...last.slice(1)] : parts[0]!;
  const firstPlan = readClause(cx, first, sink, depth + 1);
  if (!firstPlan) return null;
  const out = [{ words: first, plan: firstPlan }];
  for (const part of parts.slice(1)) {
    const again = (w: Word[]): ClausePlan | null => readClause(cx, w, sink, depth + 1);
    const same = borrowed ? sameTargetAgain(cx, part, again) : null;
    const own = same ? null : readClause(cx, part, sink, depth + 1);
    const r = same ?? (own ? { words: part, read: own } : withShared(cx, first, part, again));
    if (!r) return null;
    out.push({ words: r.words, plan: r.read });
  }
  return out;
}

/** "Bow your target Shugenja or Ikoma Aimi to give Iaimiko +1F": the choice is the first part of an
 *  effect contingent on it (either choice, once made, gives the bonus), not a choice whose second part
 *  alone is contingent.  ("Either A, or B to C" says the choice is the whole clause: alternatives.) */
function choiceToEffect(cx: LowerContext, words: Word[], sink: Sink, depth: number): ClausePlan | null {
  if (literalAt(words, 0) === "either") return null;
  let choice = false;
  for (let i = 1; i < words.length - 1; i++) {
    const w = literalAt(words, i);
    if (w === "or") choice = true;
    if (w !== "to" || !choice) continue;
    const first = readClause(cx, words.slice(0, i), sink, depth + 1);
    if (!first) continue;
    const then = readWithFirstSubject(cx, words.slice(0, i), words.slice(i + 1), (w) => readClause(cx, w, sink, depth + 1));
    if (then) return { k: "to", first, then };
  }
  return null;
}

/** "Discard a card to draw a card", "Bow your Stronghold to search your deck for ...". */
function contingent(cx: LowerContext, words: Word[], sink: Sink, depth: number): ClausePlan | null {
  for (let i = 1; i < words.length - 1; i++) {
    if (literalAt(words, i) !== "to") continue;
    const first = readClause(cx, words.slice(0, i), sink, depth + 1);
    if (!first) continue;
    const then = readWithFirstSubject(cx, words.slice(0, i), words.slice(i + 1), (w) => readClause(cx, w, sink, depth + 1));
    if (then) return { k: "to", first, then };
  }
  return null;
}

/** Effects in turn, joined by commas, "and" or "then" ("bow him, dishonor him, and gain 2 Honor"); a part
 *  with no verb of its own shares the one before ("Discard the Imperial Favor and a card"), and a verb
 *  alone shares the object after ("Bow and dishonor the loser").  ", plus" joins too: "Produce 2 Gold,
 *  plus 1 Gold for each Market you control" is both amounts, the second with the first's verb. */
function inTurn(cx: LowerContext, words: Word[], sink: Sink, depth: number): ClausePlan | null {
  // ("Permanently give him Shadowlands • Undead": names joined by a bullet, when nothing else reads)
  return inTurnJoinedBy(cx, words, sink, depth, false) ?? (words.some((_, i) => literalAt(words, i) === "•") ? inTurnJoinedBy(cx, words, sink, depth, true) : null);
}

function inTurnJoinedBy(cx: LowerContext, words: Word[], sink: Sink, depth: number, bullets: boolean): ClausePlan | null {
  const parts: Word[][] = [[]];
  // Where each part begins and ends in `words` (a part read with the ones after it keeps their joins).
  const spans: [number, number][] = [[0, 0]];
  let plus = false;
  for (let i = 0; i < words.length; i++) {
    const w = literalAt(words, i);
    const added = w === "plus" && i > 0 && literalAt(words, i - 1) === "," && parts[parts.length - 1]!.length === 0;
    if (added) plus = true;
    const joins = w === "," || w === "and" || w === "then" || (bullets && w === "•") || added;
    if (joins && parts[parts.length - 1]!.length > 0) {
      parts.push([]);
      spans.push([i + 1, i + 1]);
    } else if (!joins) {
      parts[parts.length - 1]!.push(words[i]!);
      spans[spans.length - 1]![1] = i + 1;
    } else spans[spans.length - 1] = [i + 1, i + 1];
  }
  const kept = parts.map((p, i) => [p, spans[i]!] as const).filter(([p]) => p.length > 0);
  const split = kept.map(([p]) => p);
  const spanOf = kept.map(([, s]) => s);
  if (split.length < 2) return null;
  // "Choose and destroy a Region": the second effect chooses its card itself (a lone "choose" is not a
  // choice of its own, made when the ability is announced).
  if (split.length === 2 && split[0]!.length === 1 && literalAt(split[0]!, 0) === "choose") return readClause(cx, split[1]!, sink, depth + 1);
  const read: ClausePlan[] = [];
  // Each part as it was read: one sharing a verb is read with it, and so passes it on ("give him
  // Nonhuman, +2F, and the ability ...": "give him +2F", then "give him the ability ...").
  const said: Word[][] = [];
  for (let k = 0; k < split.length; k++) {
    const part = split[k]!;
    const before = said[said.length - 1];
    const again = (w: Word[]): ClausePlan | null => readClause(cx, w, sink, depth + 1);
    let r: ClausePlan | null = null;
    let as = part;
    // The part read with the parts after it, as written, the longest that reads (never all the parts:
    // that is the clause this reads).
    const joined = (readJoined: (w: Word[]) => ClausePlan | null): void => {
      for (let m = k === 0 ? split.length - 2 : split.length - 1; m > k && !r; m--) {
        const whole = words.slice(spanOf[k]![0], spanOf[m]![1]);
        r = readJoined(whole);
        if (r) {
          as = whole;
          k = m;
        }
      }
    };
    // A declared phrase with a comma or "and" of its own, followed by more ("Create three Followers,
    // attach them to it, and lose 6 Honor"): read as declared first ("them" are the cards it created).
    joined((w) => (plan(cx, w, sink) ? { k: "effect", words: w } : null));
    // "..., and choose a player, who gains or loses 3 Honor": the part after says what the chosen
    // player does (player-targets.ts), so the choice is read with it.
    if (!r && literalAt(split[k + 1] ?? [], 0) === "who") joined(again);
    r ??= again(part);
    const shared = !r && before ? withShared(cx, before, part, again) : null;
    if (shared) {
      r = shared.read;
      as = shared.words;
    }
    const after = split[k + 1];
    // ("target and bow an enemy Personality": the target, then bow him: target-and-verb.ts)
    if (!r && part.length === 1 && after && literalAt(part, 0) === "target") {
      r = targetThenVerb(cx, part[0]!, after, again);
      if (r) k++;
    }
    if (!r && part.length === 1 && after) {
      r = readClause(cx, [...part, ...after.slice(1)], sink, depth + 1);
      // ("Rehonor and bow another player's target Personality": one target, which the verb after it
      // names again, "bow him"; not a second target of the same description)
      const same = r ? sameTargetAgain(cx, after, again) : null;
      if (same) split[k + 1] = same.words;
    }
    // Any reading with a comma or "and" of its own ("bring him into play in your home, ignoring costs,
    // and bow him").
    if (!r) joined(again);
    if (!r) return null;
    read.push(r);
    said.push(as);
  }
  return plus ? { k: "seq", parts: read, plus } : { k: "seq", parts: read };
}

export function trimComma(words: Word[]): Word[] {
  return literalAt(words, words.length - 1) === "," ? words.slice(0, -1) : words;
}
