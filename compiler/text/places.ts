// Places card text names: decks and other zones ("your Fate deck", "any Fate deck", "that deck", "his
// hand"), locations ("another location", "a battlefield where he would be opposed") and provinces
// ("this Province", "each of your provinces").  Each is a `place` declared in rules/ with its meaning;
// an effect's `zone` (or `list[zone]`) parameter is a slot that reads one, so one template per verb frame
// ("look at the top {n} cards of {deck}", "move {c} to {to}") reads every place the rules declare.
// A place declared with a `domain` is a choice: the player whose effect it is chooses one of its zones
// as the effect happens, as the rules' own choices are made.
import type * as A from "../../grammar/index.ts";
import { letExpr } from "../check/synthetic.ts";
import type { Ty } from "../types.ts";
import { phrasesStartingWith, templateOf, type Lexicon, type SlotPhrase, type Template } from "./lexicon.ts";
import type { PhraseMatcher, QualifierUse, SlotValue } from "./match.ts";
import { qualifierFilter } from "./nouns.ts";
import { literalAt, rangeOfWords, textOfWords, type Word } from "./words.ts";
import { AstBuilder } from "./build.ts";
import type { LowerContext, Sink } from "./context.ts";

/** A place a zone slot read, with the values of its own slots. */
export interface PlaceValue {
  readonly ty: "zone";
  readonly place: SlotPhrase<A.PlaceDecl>;
  readonly slots: ReadonlyMap<string, SlotValue>;
  /** What follows a place that names several zones: "where he would be opposed". */
  readonly qualifiers: readonly QualifierUse[];
  readonly words: readonly Word[];
  readonly range: A.Range;
}

const POSSESSIVES = new Set(["his", "her", "its", "their"]);

/** Does a place name several zones ("your provinces"), which qualifiers may narrow?  (Its body a list.) */
function namesSeveral(place: SlotPhrase<A.PlaceDecl>): boolean {
  const body = place.decl.filter;
  return body !== null && (body.kind === "List" || body.kind === "Comprehension" || body.kind === "AllZones" || (body.kind === "Call" && (body as { callee?: { name?: string } }).callee?.name === "flatten"));
}

/** The place's parameter no phrase names: the card the effect puts there (its first, if a card). */
export function subjectParam(place: SlotPhrase<A.PlaceDecl>): string | null {
  const first = place.params[0];
  return first && first.ty.k === "card" && !place.template.parts.some((p) => "slot" in p && p.slot === first.name) ? first.name : null;
}

/** A template less its first two parts ("{p} 's"): what follows a possessive pronoun. */
const afterPossessive = new WeakMap<Template, Template>();
function restAfterPossessive(t: Template): Template {
  let rest = afterPossessive.get(t);
  if (!rest) {
    afterPossessive.set(t, (rest = templateOf(t.parts.slice(2), t.literalCount - 1)));
  }
  return rest;
}

/** Every place that starts at `pos` (and where it ends). */
export function placePhrases(lex: Lexicon, matcher: PhraseMatcher, words: readonly Word[], pos: number, end: number): { v: SlotValue; next: number }[] {
  const out: { v: SlotValue; next: number }[] = [];
  const w = literalAt(words, pos);
  for (const place of phrasesStartingWith(lex.places, w)) {
    const skip = subjectParam(place) ?? undefined;
    const value = (slots: ReadonlyMap<string, SlotValue>, next: number, qualifiers: readonly QualifierUse[] = []): { v: SlotValue; next: number } => {
      const used = words.slice(pos, next);
      return { v: { ty: "zone", place, slots, qualifiers, words: used, range: rangeOfWords(used, words[pos]!.range) }, next };
    };
    // "a battlefield where he would be opposed", "an unresolved battlefield with enemy units and where
    // he would be opposed": qualifiers of zones narrow a place that names several (at most two).
    const qualified = (slots: ReadonlyMap<string, SlotValue>, at: number, qualifiers: readonly QualifierUse[]): void => {
      out.push(value(slots, at, qualifiers));
      if (qualifiers.length >= 2 || at >= end || (!place.decl.domain && qualifiers.length === 0 && !namesSeveral(place))) return;
      const from = qualifiers.length > 0 && (literalAt(words, at) === "and" || literalAt(words, at) === ",") ? at + 1 : at;
      for (const q of lex.zoneQualifiers) {
        for (const m of matcher.matchPrefix(q.template, words, from, end, q.params[0]?.name)) qualified(slots, m.next, [...qualifiers, { q, slots: m.slots }]);
      }
    };
    for (const m of matcher.matchPrefix(place.template, words, pos, end, skip)) qualified(m.slots, m.next, []);
    // "his Fate deck": a possessive pronoun stands for a player slot ("{p}'s Fate deck"), the player it
    // names or the controller of the card it names.
    const [first, second] = place.template.parts;
    if (w !== null && POSSESSIVES.has(w) && first && "slot" in first && first.ty.k === "player" && second && "lit" in second && second.lit === "'s") {
      const pronoun: SlotValue = { ty: "player", v: { k: "card", card: { k: "pronoun", word: w, range: words[pos]!.range }, range: words[pos]!.range } };
      for (const m of matcher.matchPrefix(restAfterPossessive(place.template), words, pos + 1, end, skip)) {
        out.push(value(new Map([[first.slot, pronoun], ...m.slots]), m.next));
      }
    }
  }
  return out;
}

/** The zone (or zones: `want` a list) a place names, as an argument of an effect; `subject` is the card
 *  the effect puts there, for a place that needs it ("home"); `read` gives the value of one of the
 *  place's own slots. */
export function placeArg(
  cx: LowerContext,
  slot: PlaceValue,
  want: Ty,
  sink: Sink,
  wrappers: ((inner: A.Stmt[]) => A.Stmt[])[],
  subject: A.Expr | null,
  read: (slot: SlotValue, want: Ty) => A.Expr | null,
): A.Expr | null {
  const { place } = slot;
  const b = new AstBuilder(slot.range);
  cx.use(place.id);
  const lets: { name: string; value: A.Expr }[] = [];
  const scope = new Map(sink.available);
  const subjectName = subjectParam(place);
  for (const p of place.params) {
    scope.set(p.name, p.ty);
    if (p.name === subjectName) {
      if (!subject) {
        cx.fail("unsupported/place", `"${textOfWords(slot.words)}" is said of the card put there, and this sentence names none`, slot.range);
        return null;
      }
      lets.push({ name: p.name, value: subject });
      continue;
    }
    const given = slot.slots.get(p.name);
    if (!given) {
      cx.fail("unsupported/place", `"${textOfWords(slot.words)}" gives '${p.name}' no value`, slot.range);
      return null;
    }
    const value = read(given, p.ty);
    if (!value) return null;
    lets.push({ name: p.name, value });
  }
  const wrap = (body: A.Expr): A.Expr => lets.reduceRight((acc, l) => letExpr(l.name, l.value, acc, slot.range), body);
  const many = want.k === "list";
  // (the zones the qualifiers fit, of those the place names)
  const narrowed = (zones: A.Expr): A.Expr | null => {
    if (slot.qualifiers.length === 0) return zones;
    const fits: A.Expr[] = [];
    for (const q of slot.qualifiers) {
      const f = qualifierFilter(cx, q, b.ref("qz"), slot.range);
      if (!f) {
        cx.fail("unsupported/place", `"${textOfWords(slot.words)}": a qualifier of zones that says no more than where they are cannot narrow a place`, slot.range);
        return null;
      }
      fits.push(f);
    }
    return b.comprehension("qz", zones, fits.length === 1 ? fits[0]! : b.and(fits));
  };
  if (place.decl.domain) {
    // A choice: the player chooses one of the zones as the effect happens ("any Fate deck").
    const domain = narrowed(wrap(cx.reRange(place.decl.domain, slot.range)));
    if (!domain) return null;
    const name = cx.fresh("place");
    const prompt = `Choose ${textOfWords(slot.words)}`;
    // (with none to choose, an effect whose parameter may be none still happens: "home or to a battlefield ...")
    const optional = !many && want.nullable === true;
    wrappers.push((inner) => [b.letStmt(name, b.chooseFrom(b.ref("you"), prompt, domain)), ...(optional ? inner : [b.ifStmt(b.bin("!=", b.ref(name), b.none()), inner)])]);
    return many ? listOf([b.ref(name)], slot.range) : b.ref(name);
  }
  // (a place declares `= zones` or `domain zones`: the parser allows no other)
  const body = cx.reRange(place.decl.filter!, slot.range);
  const names = cx.typeOf(body, scope);
  const value = names.k === "list" ? narrowed(wrap(body)) : wrap(body);
  if (!value) return null;
  if (names.k === "list") {
    if (many) return value;
    // "Destroy each of your provinces": the effect for each zone the place names.
    const name = cx.fresh("place");
    wrappers.push((inner) => [b.forStmt(name, value, inner)]);
    return b.ref(name);
  }
  if (!many) {
    if (!names.nullable || want.nullable) return value;
    // ("destroy this Province" where the card is in none: nothing happens)
    const name = cx.fresh("place");
    wrappers.push((inner) => [b.letStmt(name, value), b.ifStmt(b.bin("!=", b.ref(name), b.none()), inner)]);
    return b.ref(name);
  }
  // (a place that may name no zone, "this Province" of a card in none, is left out of the list)
  if (!names.nullable) return listOf([value], slot.range);
  const one = cx.fresh("place");
  return letExpr(one, value, b.comprehension("z", listOf([b.ref(one)], slot.range), b.bin("!=", b.ref("z"), b.none())), slot.range);
}

function listOf(items: A.Expr[], range: A.Range): A.Expr {
  return { kind: "List", range, items } as A.Expr;
}

/** The zone (or zones: `want` a list) a place names in a condition ("if he is face-up in one of your
 *  provinces": a place the player would choose from is any of its zones, when a list is wanted). */
export function placeExpr(cx: LowerContext, slot: PlaceValue, want: Ty, read: (slot: SlotValue, want: Ty) => A.Expr | null, subject: A.Expr | null = null): A.Expr | null {
  if ((subjectParam(slot.place) && !subject) || (slot.place.decl.domain && want.k !== "list")) {
    cx.fail("unsupported/place", `"${textOfWords(slot.words)}" cannot be read in a condition`, slot.range);
    return null;
  }
  const place = slot.place.decl.domain ? { ...slot.place, decl: { ...slot.place.decl, filter: slot.place.decl.domain, domain: null } } : slot.place;
  const wrappers: ((inner: A.Stmt[]) => A.Stmt[])[] = [];
  const value = placeArg(cx, { ...slot, place }, want, { stmts: [], available: new Map(cx.available ?? []), hookable: null, costs: false }, wrappers, subject, read);
  if (wrappers.length > 0) {
    cx.fail("unsupported/place", `"${textOfWords(slot.words)}" names several zones, which a condition cannot read here`, slot.range);
    return null;
  }
  return value;
}

/** The card an effect puts in a place: its latest card argument read so far. */
export function placedCard(effect: { decl: A.EffectDecl }, args: readonly { name: string; value: A.Expr }[]): A.Expr | null {
  for (let i = args.length - 1; i >= 0; i--) {
    const p = effect.decl.params.find((x) => x.name.text === args[i]!.name);
    if (p?.type.name.text === "card" && !p.type.nullable) return args[i]!.value;
  }
  return null;
}

/** The card a condition's place is said of ("if he is in your discard pile": his pile): the latest card
 *  slot read before it. */
export function placedIn(params: readonly { name: string; ty: Ty }[], lets: readonly { name: string; value: A.Expr }[]): A.Expr | null {
  for (let i = lets.length - 1; i >= 0; i--) if (params.find((p) => p.name === lets[i]!.name)?.ty.k === "card") return lets[i]!.value;
  return null;
}
