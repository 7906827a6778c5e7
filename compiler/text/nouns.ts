// Noun phrases as filters and candidates: "your target unbowed Personality" is the cards in play (or
// in the place a qualifier names: "from your hand") that are Personalities, unbowed and yours.
import type * as A from "../../grammar/index.ts";
import { letExpr } from "../check/synthetic.ts";
import { phraseId, type Adjective } from "./lexicon.ts";
import type { CardPhrase, Noun, QualifierUse } from "./match.ts";
import { AstBuilder } from "./build.ts";
import { textOfWords } from "./words.ts";
import type { LowerContext, Select } from "./context.ts";
import { slotExpr } from "./conditions.ts";
import { unsaidAt } from "./alternative-settings.ts";
import { attachedToNamed } from "./possessed.ts";
import { describedList, describedListParam } from "./described-lists.ts";

/** A condition that `subject` is what a card phrase describes. */
export function cardCondition(cx: LowerContext, v: CardPhrase, subject: A.Expr): A.Expr | null {
  const b = new AstBuilder(v.range);
  if (v.k === "select") return selectFilter(cx, v, subject);
  if (v.k === "ref") return b.bin("==", subject, cx.refExpr(v.ref, v.range));
  cx.fail("unsupported/pronoun", `"${v.word}" has nothing to refer to in a trigger`, v.range);
  return null;
}

// ================================================================ noun phrases
export function selectFilter(cx: LowerContext, v: Select, subject: A.Expr): A.Expr {
  const b = new AstBuilder(v.range);
  // Only a target or choice made when the ability is announced takes several cards (context.ts).
  if (v.count) cx.fail("unsupported/target", `"${textOfWords(v.words)}" counts cards where only one kind of card can be read`, v.range);
  const parts: A.Expr[] = [];
  if (v.eitherQualifier) cx.use(phraseId("construct", "<noun> <qualifier> or <qualifier>"));
  if (v.placesJoined) cx.use(phraseId("construct", "<noun> <qualifier> and <place>"));
  const noun = v.noun.kind === "phrases" ? phrasesFilter(cx, v.noun.phrases as Select[], subject, b) : nounFilter(v.noun, subject, b);
  if (noun) parts.push(noun);
  if (namesTitle(v.noun)) cx.use(phraseId("construct", "<a card named by its title>"));
  const anywhere = isAnywhere(v);
  for (const adj of v.adjectives) {
    const f = adjectiveFilter(cx, adj, subject, v.range, anywhere);
    if (f) parts.push(f);
  }
  for (const q of v.qualifiers) {
    const f = aboutSubject(cx, subject, () => qualifierFilter(cx, q, subject, v.range));
    if (f) parts.push(f);
  }
  if (v.quant === "another") parts.push(b.bin("!=", subject, b.ref("self")));
  return b.and(parts);
}

/** Any of several noun phrases ("a Holding or a card in your hand"); when some says where its cards
 *  are, each is of its own place ("cards you control and in your discard piles": place-unions.ts). */
function phrasesFilter(cx: LowerContext, phrases: readonly Select[], subject: A.Expr, b: AstBuilder): A.Expr {
  const placed = phrases.some((p) => domainOf(p) !== null);
  const each = phrases.map((p) => {
    const f = selectFilter(cx, p, subject);
    if (!placed) return f;
    const own = domainOf(p);
    return b.and([f, b.bin("in", subject, own ? placedBy(cx, p, cx.reRange(own, p.range)) : defaultSource(cx, p))]);
  });
  return each.reduce((acc, x) => b.bin("or", acc, x));
}

/** `read`, a possessive in a number in it ("a Personality whose Force is different from his base
 *  Force", "with Personal Honor lower than his Chi") naming the card the noun phrase describes. */
function aboutSubject<R>(cx: LowerContext, subject: A.Expr, read: () => R): R {
  const outer = cx.describedSubject;
  cx.describedSubject = subject;
  try {
    return read();
  } finally {
    cx.describedSubject = outer;
  }
}

/** Does a noun phrase describe cards wherever they are ("your performing Courtier at any location":
 *  a qualifier declared `anywhere`)? */
export function isAnywhere(v: Select): boolean {
  return v.qualifiers.some((q) => q.q.decl.anywhere);
}

/** What a qualifier after a noun says of its subject ("without attachments", "you took"), or null for
 *  one that only says where cards are ("from your hand"). */
/** (`other`: the card an unnamed card parameter is, when not the card last referred to; `together`: the
 *  cards an unnamed list parameter is, when not the subject alone: card-relations.ts) */
export function qualifierFilter(cx: LowerContext, q: QualifierUse, subject: A.Expr, range: A.Range, other?: A.Expr, together?: A.Expr): A.Expr | null {
  cx.use(q.q.id);
  if (q.listed) cx.use(phraseId("construct", "<qualifier> <name> or <name>"));
  if (q.denied) {
    // ("not at the current battlefield": negated-qualifiers.ts)
    cx.use(phraseId("construct", "not <qualifier>"));
    const f = qualifierFilter(cx, { q: q.q, slots: q.slots, ...(q.listed ? { listed: q.listed } : {}) }, subject, range, other, together);
    return f ? new AstBuilder(range).not(f) : null;
  }
  const ranged = rangedParam(q);
  if (ranged) return rangedQualifier(cx, q, ranged, subject, range);
  if (!q.q.decl.filter) return null;
  let body = letExpr(q.q.params[0]!.name, subject, cx.reRange(q.q.decl.filter, range), range);
  const listed = describedListParam(q);
  const values = new Map<string, A.Expr>();
  for (const p of q.q.params.slice(1)) {
    if (p.name === listed) continue;
    const slot = q.slots.get(p.name);
    // (a parameter the wording does not say: what its bracketed alternative sets, or its default)
    const unsaid = slot ? null : unsaidAt(cx, q.q, p.name, range);
    const value = slot ? slotExpr(cx, slot) : unsaid ? unsaid : p.ty.k === "card" ? (other ?? comparedWith(cx, range)) : p.ty.k === "list" ? (together ?? ({ kind: "List", range, items: [subject] } as A.Expr)) : null;
    if (value) values.set(p.name, value);
  }
  if (listed) {
    const cards = describedList(cx, q, listed, subject, values, range);
    if (!cards) return null;
    values.set(listed, cards);
  }
  for (const [name, value] of values) body = letExpr(name, value, body, range);
  return body;
}

/** The card slot after its subject of a qualifier with a domain ("an action that bowed {c}": `domain
 *  bowedByAction(a)`), whose card is one of the domain: its name, or none. */
function rangedParam(q: QualifierUse): string | null {
  if (!q.q.decl.domain) return null;
  return q.q.params.slice(1).find((p) => p.ty.k === "card" && q.slots.has(p.name))?.name ?? null;
}

function rangedQualifier(cx: LowerContext, q: QualifierUse, name: string, subject: A.Expr, range: A.Range): A.Expr | null {
  const b = new AstBuilder(range);
  const slot = q.slots.get(name)!;
  if (slot.ty === "card" && slot.v.k === "select") {
    const found = describedCandidates(cx, q, subject, range);
    return found ? b.bin(">", b.call("count", [{ value: found.candidates }]), b.num(0)) : null;
  }
  const domain = bindQualifier(cx, q, name, subject, cx.reRange(q.q.decl.domain!, range), range);
  const value = slotExpr(cx, slot);
  if (!domain || !value) return null;
  const within = b.bin("in", value, domain);
  const filter = q.q.decl.filter;
  if (!filter) return within;
  const f = bindQualifier(cx, q, name, subject, letExpr(name, value, cx.reRange(filter, range), range), range);
  return f ? b.and([within, f]) : null;
}

/** `body` with the qualifier's subject and slots (but `name`) bound. */
function bindQualifier(cx: LowerContext, q: QualifierUse, name: string, subject: A.Expr, body: A.Expr, range: A.Range): A.Expr | null {
  let out = letExpr(q.q.params[0]!.name, subject, body, range);
  for (const p of q.q.params.slice(1)) {
    const slot = q.slots.get(p.name);
    if (p.name === name) continue;
    const value = slot ? slotExpr(cx, slot) : unsaidAt(cx, q.q, p.name, range);
    if (!slot && !value) continue;
    if (!value) return null;
    out = letExpr(p.name, value, out, range);
  }
  return out;
}

/**
 * The cards of a ranged qualifier's domain its description fits ("that bowed a Personality at Hizumi's
 * battlefield": the Personalities there the action bowed), or null when its card slot names a card.
 */
export function describedCandidates(cx: LowerContext, q: QualifierUse, subject: A.Expr, range: A.Range): { candidates: A.Expr; select: Select } | null {
  const name = rangedParam(q);
  const slot = name ? q.slots.get(name) : undefined;
  if (!name || slot?.ty !== "card" || slot.v.k !== "select") return null;
  const b = new AstBuilder(range);
  const domain = bindQualifier(cx, q, name, subject, cx.reRange(q.q.decl.domain!, range), range);
  if (!domain) return null;
  const cand = cx.fresh("cand");
  const fits = [selectFilter(cx, slot.v, b.ref(cand))];
  const filter = q.q.decl.filter;
  if (filter) {
    const f = bindQualifier(cx, q, name, subject, letExpr(name, b.ref(cand), cx.reRange(filter, range), range), range);
    if (!f) return null;
    fits.push(f);
  }
  return { candidates: b.comprehension(cand, domain, b.and(fits)), select: slot.v };
}

/** The card a qualifier compares with when its phrase names none ("a target Personality with lower
 *  Force"): "If an action compares one stat to another without specifying one of the stats being
 *  compared, the card last referred to is meant.  If there is no appropriate last reference, then the
 *  card the action is on is meant" (Twenty Festivals, Comparing stats). */
function comparedWith(cx: LowerContext, range: A.Range): A.Expr {
  const b = new AstBuilder(range);
  const last = cx.findPronoun("card", "it");
  return last ? cx.named(last, range) : b.ref("self");
}

function namesTitle(noun: Noun): boolean {
  return noun.kind === "title" || (noun.kind === "either" && (noun.of ?? []).some(namesTitle));
}

/** What a noun says of a card: its type or kind, a keyword or trait, its name, any of several nouns. */
function nounFilter(noun: Noun, subject: A.Expr, b: AstBuilder): A.Expr | null {
  switch (noun.kind) {
    case "type":
    case "kind":
      return b.is(subject, noun.name);
    case "keyword":
      return b.has(subject, noun.name);
    case "trait":
      return b.call("hasKeywordNamed", [{ value: subject }, { value: b.str(noun.name) }]);
    case "title":
      return b.bin("==", b.member(subject, "name"), b.str(noun.name));
    case "either":
      return (noun.of ?? []).map((n) => nounFilter(n, subject, b) ?? b.bool(true)).reduce((acc, x) => b.bin("or", acc, x));
    case "any":
    case "phrases":
      return null;
  }
}

/** `anywhere`: the noun phrase describes cards wherever they are, so an adjective declared with an
 *  `anywhere` body says that body of them. */
export function adjectiveFilter(cx: LowerContext, adj: Adjective, subject: A.Expr, range: A.Range, anywhere = false): A.Expr | null {
  const b = new AstBuilder(range);
  const m = adj.meaning;
  if (m.k === "flag") return m.value ? b.member(subject, m.flag) : b.not(b.member(subject, m.flag));
  if (m.k === "keyword") return b.has(subject, m.keyword);
  if (m.k === "trait") return b.call("hasKeywordNamed", [{ value: subject }, { value: b.str(m.trait) }]);
  if (m.k === "clan") {
    const ofClan = b.bin("or", b.bin("in", b.str(m.clan), b.member(subject, "clans")), b.call("hasKeywordNamed", [{ value: subject }, { value: b.str(`${m.clan} Clan`) }]));
    return m.orTrait ? b.bin("or", ofClan, b.call("hasKeywordNamed", [{ value: subject }, { value: b.str(m.clan) }])) : ofClan;
  }
  if (m.k === "declared") {
    cx.use(phraseId("adjective", adj.words.join(" ")));
    return letExpr(m.decl.param.name.text, subject, cx.reRange((anywhere && m.decl.anywhere) || m.decl.body, range), range);
  }
  if (m.k === "of") {
    // ("Choose a player. Bow one of his Holdings": cards the chosen player controls)
    const player = cx.possessingPlayer(m.word);
    if (player) {
      cx.use(phraseId("construct", "his <cards> (of a chosen player)"));
      return b.bin("==", b.member(subject, "controller"), cx.named(player, range));
    }
    const owner = cx.pronoun("card", range, m.word);
    return owner ? b.bin("==", b.member(subject, "attachedTo"), cx.named(owner, range)) : null;
  }
  if (m.k === "ofCard") return attachedToNamed(cx, m.card, subject, range);
  if (m.k === "noun") return nounFilter(m.noun, subject, b);
  if (m.k === "not") {
    const f = adjectiveFilter(cx, m.of, subject, range, anywhere);
    return f ? b.not(f) : null;
  }
  if (m.k === "either") {
    const alts = m.of.map((a) => adjectiveFilter(cx, a, subject, range, anywhere) ?? b.bool(true));
    return alts.reduce((acc, x) => b.bin("or", acc, x));
  }
  return null;
}

/** Where the cards a noun phrase names are: a qualifier's domain ("from your hand"), else an
 *  adjective's ("your dead Personality": in discard piles), else where the effect's phrase says its
 *  cards are ("Equip a Follower": in the hand), else in play. */
export function sourceOf(cx: LowerContext, v: Select): A.Expr {
  const own = domainOf(v);
  if (own) return placedBy(cx, v, cx.reRange(own, v.range));
  // "a Holding or a card in your hand", "a card in a Province or out of play ...": each phrase's cards
  // where they are (each place once).
  if (v.noun.kind === "phrases" && v.adjectives.length === 0 && v.qualifiers.length === 0) {
    const phrases = v.noun.phrases as Select[];
    const places = [...new Set(phrases.map(domainOf))];
    if (places.some((d) => d !== null)) {
      const b = new AstBuilder(v.range);
      return places.map((d) => (d ? cx.reRange(d, v.range) : defaultSource(cx, v))).reduce((acc, x) => b.bin("+", acc, x));
    }
  }
  return defaultSource(cx, v);
}

/** The domain a noun phrase's own words name: a qualifier's ("from your hand"), else an adjective's. */
function domainOf(v: Select): A.Expr | null {
  // (not a qualifier whose domain ranges its own card slot: "on a Personality in this duel")
  const domain = v.qualifiers.find((q) => q.q.decl.domain && !rangedParam(q) && !describedListParam(q));
  if (domain) return domain.q.decl.domain!;
  for (const a of v.adjectives) {
    if (a.meaning.k === "declared" && a.meaning.decl.domain) return a.meaning.decl.domain;
  }
  return null;
}

/** A qualifier's domain with the values of its other slots ("in one of {p}'s Provinces": the player the
 *  words name, "in one of his provinces"). */
function placedBy(cx: LowerContext, v: Select, domain: A.Expr): A.Expr {
  const q = v.qualifiers.find((x) => x.q.decl.domain && !rangedParam(x) && !describedListParam(x));
  if (!q) return domain;
  let out = domain;
  for (const p of q.q.params.slice(1)) {
    const slot = q.slots.get(p.name);
    const value = slot ? slotExpr(cx, slot) : unsaidAt(cx, q.q, p.name, v.range);
    if (value) out = letExpr(p.name, value, out, v.range);
  }
  return out;
}

function defaultSource(cx: LowerContext, v: Select): A.Expr {
  return cx.defaultSource ?? new AstBuilder(v.range).call("cardsInPlay", []);
}

export function candidatesOf(cx: LowerContext, v: Select): A.Expr {
  const b = new AstBuilder(v.range);
  return b.comprehension("cand", sourceOf(cx, v), selectFilter(cx, v, b.ref("cand")));
}
