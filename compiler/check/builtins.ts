// What bodies may use that the runtime provides: the card properties read as members (`c.owner`)
// and the builtin functions with their arities, purity and result types.
import { T, nullable, show, type Ty } from "../types.ts";
import type { Checked } from "./core.ts";

export const CARD_PROPS: Record<string, { prop: "controller" | "owner" | "zone" | "faceUp" | "inPlay" | "zoneOwner" | "title" | "name" | "nameWords" | "clans" | "type" | "attachedTo" | "attachments"; ty: Ty }> = {
  clans: { prop: "clans", ty: T.list(T.text) },
  type: { prop: "type", ty: T.text },
  attachedTo: { prop: "attachedTo", ty: nullable(T.card) },
  attachments: { prop: "attachments", ty: T.list(T.card) },
  controller: { prop: "controller", ty: T.player },
  owner: { prop: "owner", ty: T.player },
  zone: { prop: "zone", ty: T.zone },
  zoneOwner: { prop: "zoneOwner", ty: nullable(T.player) },
  faceUp: { prop: "faceUp", ty: T.bool },
  inPlay: { prop: "inPlay", ty: T.bool },
  title: { prop: "title", ty: T.text },
  // The title without a subtitle after " • " ("Doji Hoturi • Experienced" is Doji Hoturi).
  name: { prop: "name", ty: T.text },
  // Its name's words ("Doji Hoturi": Doji, Hoturi), which a family name is one of (rules/card-relations.l5r).
  nameWords: { prop: "nameWords", ty: T.list(T.text) },
};

/** A function a body may call that the runtime provides. */
export interface Builtin {
  readonly arity: number;
  readonly pure: boolean;
  result(args: Checked[], fail: (message: string) => void): Ty;
}

export function elementOf(t: Ty): Ty | null {
  if (t.k === "list") return t.of;
  if (t.k === "zone") return T.card;
  return null;
}

/** What a message about a list argument adds when its items may be none (`[n, m]` with m: number?). */
function noneItems(t: Ty): string {
  return t.k === "list" && t.of.nullable ? ` (an item of this ${show(t)} may be none: check each item with \`if x != none\` first)` : "";
}

/** A pure builtin of a card and a name (a keyword's, a timing's) giving `result`. */
function cardAndName(name: string, result: Ty, what: "keyword's" | "timing's"): Builtin {
  return {
    arity: 2,
    pure: true,
    result: ([c, t], fail) => ((c!.ty.k === "card" || c!.ty.k === "error") && (t!.ty.k === "text" || t!.ty.k === "error") ? result : (fail(`${name}() takes a card and a ${what} name`), T.error)),
  };
}

export const BUILTINS: Record<string, Builtin> = {
  count: { arity: 1, pure: true, result: ([a], fail) => (elementOf(a!.ty) || a!.ty.k === "error" ? T.number : (fail("count() takes a list or a zone"), T.error)) },
  sum: { arity: 1, pure: true, result: ([a], fail) => (a!.ty.k === "error" || (a!.ty.k === "list" && a!.ty.of.k === "number" && !a!.ty.of.nullable) ? T.number : (fail(`sum() takes a list of numbers${noneItems(a!.ty)}`), T.error)) },
  first: {
    arity: 1, pure: true,
    result: ([a], fail) => {
      const el = elementOf(a!.ty);
      if (a!.ty.k === "error") return T.error;
      if (!el) return fail("first() takes a list or a zone"), T.error;
      return nullable(el);
    },
  },
  topCards: { arity: 2, pure: true, result: ([z, n], fail) => (z!.ty.k === "zone" && n!.ty.k === "number") || z!.ty.k === "error" ? T.list(T.card) : (fail("topCards() takes a zone and a number"), T.error) },
  cardsIn: { arity: 1, pure: true, result: ([z], fail) => (z!.ty.k === "zone" || z!.ty.k === "error" ? T.list(T.card) : (fail("cardsIn() takes a zone"), T.error)) },
  cardsInPlay: { arity: 0, pure: true, result: () => T.list(T.card) },
  statOf: { arity: 2, pure: true, result: ([c, s], fail) => ((c!.ty.k === "card" || c!.ty.k === "error") && (s!.ty.k === "stat" || s!.ty.k === "error") ? T.number : (fail("statOf() takes a card and a stat"), T.error)) },
  maxOf: {
    arity: 2, pure: true,
    result: ([a, b], fail) => ((a!.ty.k === "list" && a!.ty.of.k === "number" && !a!.ty.of.nullable) || a!.ty.k === "error") && (b!.ty.k === "number" || b!.ty.k === "error") ? T.number : (fail(`maxOf() takes a list of numbers and the value for an empty list${noneItems(a!.ty)}`), T.error),
  },
  flatten: {
    arity: 1, pure: true,
    result: ([a], fail) => (a!.ty.k === "list" && a!.ty.of.k === "list" && !a!.ty.of.nullable ? a!.ty.of : a!.ty.k === "error" ? T.error : (fail(`flatten() takes a list of lists${noneItems(a!.ty)}`), T.error)),
  },
  nextPlayer: { arity: 1, pure: true, result: ([p], fail) => (p!.ty.k === "player" || p!.ty.k === "error" ? T.player : (fail("nextPlayer() takes a player"), T.error)) },
  allCards: { arity: 0, pure: true, result: () => T.list(T.card) },
  // A time stamp that grows as effects begin: a stat modifier that began at or before it is "current".
  timeNow: { arity: 0, pure: true, result: () => T.number },
  newCard: {
    arity: 2, pure: false,
    result: ([t, z], fail) => ((t!.ty.k === "text" || t!.ty.k === "error") && (z!.ty.k === "zone" || z!.ty.k === "error") ? T.card : (fail("newCard() takes a card title and a zone"), T.error)),
  },
  // "Create a 2F / 2C / 0PH Undead Personality": a new card of that description, owned by the player, in
  // the zone (Twenty Festivals, Created cards); and whether a card is one.
  createCard: {
    arity: 3, pure: false,
    result: ([d, p, z], fail) =>
      (d!.ty.k === "description" || d!.ty.k === "error") && (p!.ty.k === "player" || p!.ty.k === "error") && (z!.ty.k === "zone" || z!.ty.k === "error") ? T.card : (fail("createCard() takes a card description, a player and a zone"), T.error),
  },
  // "Create a 3F / 3C / 3PH Samurai Personality with your Clan Alignment": the description with that clan
  // added to its clans (none: as it is).
  withClan: {
    arity: 2, pure: true,
    result: ([d, k], fail) =>
      (d!.ty.k === "description" || d!.ty.k === "error") && (k!.ty.k === "text" || k!.ty.k === "none" || k!.ty.k === "error") ? T.description : (fail("withClan() takes a card description and a clan"), T.error),
  },
  // The card created last in the game (none before any): what card text names after creating one ("Create
  // a 2F Personality ... Remove him from the game after the battle ends").
  lastCreated: { arity: 0, pure: true, result: () => nullable(T.card) },
  // "Give him the ability, \"...\"": the card has the ability for as long as the text's duration.
  grantAbility: {
    arity: 2, pure: false,
    result: ([c, a], fail) => ((c!.ty.k === "card" || c!.ty.k === "error") && (a!.ty.k === "ability" || a!.ty.k === "error") ? T.none : (fail("grantAbility() takes a card and an ability"), T.error)),
  },
  // The card has an ability or trait of that quoted text now, its own or given ("if a thing in the game
  // is given a trait it already has, it does not get an additional copy": Twenty Festivals, Traits).
  hasAbilityText: {
    arity: 2, pure: false,
    result: ([c, a], fail) => ((c!.ty.k === "card" || c!.ty.k === "error") && (a!.ty.k === "ability" || a!.ty.k === "error") ? T.bool : (fail("hasAbilityText() takes a card and an ability"), T.error)),
  },
  // A created card's printed ability ("Create a ... Personality with the ability, \"...\""): for good.
  printAbility: {
    arity: 2, pure: false,
    result: ([c, a], fail) => ((c!.ty.k === "card" || c!.ty.k === "error") && (a!.ty.k === "ability" || a!.ty.k === "error") ? T.none : (fail("printAbility() takes a card and an ability"), T.error)),
  },
  isCreated: { arity: 1, pure: true, result: ([c], fail) => (c!.ty.k === "card" || c!.ty.k === "error" ? T.bool : (fail("isCreated() takes a card"), T.error)) },
  str: { arity: 1, pure: true, result: ([n], fail) => (n!.ty.k === "number" || n!.ty.k === "error" ? T.text : (fail("str() takes a number"), T.error)) },
  hasKeywordNamed: cardAndName("hasKeywordNamed", T.bool, "keyword's"),
  // What a levelled keyword prints after it ("Experienced 2"): its number (0 when it prints none), and
  // the words ("" when none).
  keywordLevel: cardAndName("keywordLevel", T.number, "keyword's"),
  keywordLevelText: cardAndName("keywordLevelText", T.text, "keyword's"),
  // Two cards exchange what they are (their definitions and owners), each keeping its place, states,
  // attachments, tokens and the effects on it.
  // An action's target replaced by another card if it is a legal target of that slot (true if it was).
  retarget: {
    arity: 3, pure: false,
    result: ([u, a, b], fail) => ((u!.ty.k === "use" || u!.ty.k === "error") && (a!.ty.k === "card" || a!.ty.k === "error") && (b!.ty.k === "card" || b!.ty.k === "error") ? T.bool : (fail("retarget() takes an action and two cards"), T.error)),
  },
  exchangeCards: {
    arity: 2, pure: false,
    result: ([a, b], fail) => ((a!.ty.k === "card" || a!.ty.k === "error") && (b!.ty.k === "card" || b!.ty.k === "error") ? T.none : (fail("exchangeCards() takes two cards"), T.error)),
  },
  // A card's own printed keywords, and the keywords of its abilities (for the rules' `hasKeyword` entry).
  printedKeyword: cardAndName("printedKeyword", T.bool, "keyword's"),
  abilityKeyword: cardAndName("abilityKeyword", T.bool, "keyword's"),
  // Whether one of a card's abilities has this timing ("a Battle Strategy": one with a Battle action).
  abilityTiming: cardAndName("abilityTiming", T.bool, "timing's"),
  // What a card's abilities of a kind (named) measure for a player before they are used: its Gold.
  measured: {
    arity: 3, pure: true,
    result: ([c, k, p], fail) => ((c!.ty.k === "card" || c!.ty.k === "error") && (k!.ty.k === "text" || k!.ty.k === "error") && (p!.ty.k === "player" || p!.ty.k === "error") ? T.number : (fail("measured() takes a card, an ability kind's name and a player"), T.error)),
  },
  // A bonus worked out now: "+1F for each Unicorn Clan Personality you control".
  bonusOf: {
    arity: 2, pure: true,
    result: ([s, n], fail) => ((s!.ty.k === "stat" || s!.ty.k === "error") && (n!.ty.k === "number" || n!.ty.k === "error") ? T.bonus : (fail("bonusOf() takes a stat and a number"), T.error)),
  },
  // A stat printed "-" is none ("no Honor Requirement"), not 0.
  hasStat: {
    arity: 2, pure: true,
    result: ([c, s], fail) => ((c!.ty.k === "card" || c!.ty.k === "error") && (s!.ty.k === "stat" || s!.ty.k === "error") ? T.bool : (fail("hasStat() takes a card and a stat"), T.error)),
  },
  rawStatOf: {
    arity: 2, pure: true,
    result: ([c, s], fail) => ((c!.ty.k === "card" || c!.ty.k === "error") && (s!.ty.k === "stat" || s!.ty.k === "error") ? T.number : (fail("rawStatOf() takes a card and a stat"), T.error)),
  },
  // The stat the card prints ("his printed Chi"), whatever effects do to it.
  printedStatOf: {
    arity: 2, pure: true,
    result: ([c, s], fail) => ((c!.ty.k === "card" || c!.ty.k === "error") && (s!.ty.k === "stat" || s!.ty.k === "error") ? T.number : (fail("printedStatOf() takes a card and a stat"), T.error)),
  },
  // The cards an action targeted, and the card that performs it (none for no action).
  targetsOf: { arity: 1, pure: true, result: ([u], fail) => (u!.ty.k === "use" || u!.ty.k === "none" || u!.ty.k === "error" ? T.list(T.card) : (fail("targetsOf() takes an action"), T.error)) },
  performersOf: { arity: 1, pure: true, result: ([u], fail) => (u!.ty.k === "use" || u!.ty.k === "none" || u!.ty.k === "error" ? T.list(T.card) : (fail("performersOf() takes an action"), T.error)) },
  // The timings of the ability a use is of ("Battle", "Open"); players in turn order from a player.
  // Does a use's ability, or any ability of a card, call the named effect ("does it move units?").
  callsEffect: {
    arity: 2, pure: true,
    result: ([x, n], fail) => ((x!.ty.k === "use" || x!.ty.k === "card" || x!.ty.k === "error") && (n!.ty.k === "text" || n!.ty.k === "error") ? T.bool : (fail("callsEffect() takes a use or a card, and an effect's name"), T.error)),
  },
  timingsOf: { arity: 1, pure: true, result: ([u], fail) => (u!.ty.k === "use" || u!.ty.k === "error" ? T.list(T.text) : (fail("timingsOf() takes a use"), T.error)) },
  // Is a use's ability one its card prints (not one given to it by an effect)?
  printedUse: { arity: 1, pure: true, result: ([u], fail) => (u!.ty.k === "use" || u!.ty.k === "error" ? T.bool : (fail("printedUse() takes a use"), T.error)) },
  keywordsOf: { arity: 1, pure: true, result: ([u], fail) => (u!.ty.k === "use" || u!.ty.k === "error" ? T.list(T.text) : (fail("keywordsOf() takes a use"), T.error)) },
  playersFrom: { arity: 1, pure: true, result: ([p], fail) => (p!.ty.k === "player" || p!.ty.k === "error" ? T.list(T.player) : (fail("playersFrom() takes a player"), T.error)) },
  min: { arity: 2, pure: true, result: ([a, b], fail) => (a!.ty.k !== "number" && a!.ty.k !== "error") || (b!.ty.k !== "number" && b!.ty.k !== "error") ? (fail("min() takes two numbers"), T.error) : T.number },
  max: { arity: 2, pure: true, result: ([a, b], fail) => (a!.ty.k !== "number" && a!.ty.k !== "error") || (b!.ty.k !== "number" && b!.ty.k !== "error") ? (fail("max() takes two numbers"), T.error) : T.number },
};
