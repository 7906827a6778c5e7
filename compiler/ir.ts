// The intermediate representation: checked, resolved and typed, ready for code generation.  Names
// are resolved to what they are (a local, a frame field, a card flag, a stat ...); nothing here is
// looked up again, and nothing of it survives into generated code as data.
import type { Ty } from "./types.ts";

/** Where a declaration lives: the generated module that exports it. */
export interface ModuleRef {
  /** e.g. "rules/duels" or "cards/duel-cards" */
  readonly module: string;
  /** The exported TypeScript name. */
  readonly name: string;
}

export type IrExpr =
  | { k: "num"; v: number }
  | { k: "str"; v: string }
  | { k: "bool"; v: boolean }
  | { k: "none" }
  | { k: "any" }
  | { k: "local"; name: string }
  | { k: "self" }
  /** An effect's `hooks` parameter (its hooks are members of it). */
  | { k: "hooks" }
  | { k: "you" }
  | { k: "thisCard" }
  /** The ability use being resolved (card text only). */
  | { k: "thisUse" }
  | { k: "binding"; name: string; ty: Ty }
  | { k: "slot"; name: string; ty: Ty }
  | { k: "eventArg"; index: number; ty: Ty }
  | { k: "active" }
  | { k: "players" }
  | { k: "field"; frame: IrExpr; field: string }
  | { k: "flag"; card: IrExpr; flag: string }
  /** A flag of a use's ability on its card (`u.usedThisTurn`): that ability of that card holds it. */
  | { k: "useFlag"; use: IrExpr; flag: string }
  | { k: "cardProp"; card: IrExpr; prop: "controller" | "owner" | "zone" | "faceUp" | "inPlay" | "zoneOwner" | "title" | "name" | "nameWords" | "clans" | "type" | "attachedTo" | "attachments" }
  | { k: "playerProp"; player: IrExpr; prop: "name" | "eliminated" }
  | { k: "stat"; card: IrExpr; stat: IrExpr }
  | { k: "value"; player: IrExpr; name: string }
  | { k: "zone"; name: string; owner: IrExpr | null }
  | { k: "useProp"; use: IrExpr; prop: "card" | "player" | "negated" }
  | { k: "frameProp"; frame: IrExpr; prop: "aborted" }
  /** A bonus's stat and amount ("+2F": force, 2). */
  | { k: "bonusProp"; bonus: IrExpr; prop: "stat" | "amount" }
  | { k: "callFn"; fn: ModuleRef; args: IrExpr[] }
  | { k: "callSeq"; fn: ModuleRef; args: IrExpr[]; hooks: Record<string, IrExpr> }
  | { k: "param"; fn: ModuleRef; args: IrExpr[] }
  | { k: "builtin"; name: string; args: IrExpr[] }
  | { k: "bin"; op: "or" | "and" | "==" | "!=" | "<" | "<=" | ">" | ">=" | "+" | "-" | "*" | "/" | "concat"; l: IrExpr; r: IrExpr }
  | { k: "not"; e: IrExpr }
  | { k: "neg"; e: IrExpr }
  /** `kind`: the name is a kind of card type (else a type, compared directly). */
  | { k: "is"; card: IrExpr; name: string; kind: boolean }
  | { k: "has"; card: IrExpr; keyword: string }
  | { k: "hasAbility"; card: IrExpr; kind: string }
  | { k: "inList"; item: IrExpr; list: IrExpr }
  | { k: "inZone"; card: IrExpr; zone: IrExpr }
  | { k: "cond"; c: IrExpr; t: IrExpr; e: IrExpr }
  | { k: "list"; items: IrExpr[] }
  | { k: "comp"; item: IrExpr; binder: string; source: IrExpr; filter: IrExpr | null }
  | { k: "cardsOf"; zone: IrExpr }
  | { k: "chooseFrom"; player: IrExpr; prompt: string; source: IrExpr }
  | { k: "ask"; player: IrExpr; prompt: string }
  | { k: "uses"; kind: string; card: IrExpr | null; player: IrExpr; bindings: Record<string, IrExpr> }
  | { k: "announce"; use: IrExpr }
  | { k: "exists"; zone: IrExpr }
  | { k: "emitted"; event: string; args: IrExpr[] | null }
  /** The last frame of a sequence, or none before it has run; `orFail`: read as a frame (`(last duel).x`),
   *  which stops the game with an error when none has run. */
  | { k: "last"; seq: string; frameType: ModuleRef; orFail: boolean }
  | { k: "current"; seq: string; frameType: ModuleRef; optional: boolean }
  | { k: "closure"; params: { name: string; ty: Ty }[]; body: IrStmt[] }
  | { k: "cardDef"; title: string }
  | { k: "asked"; what: "asked" | "offered"; prompt: string }
  | { k: "random"; source: IrExpr }
  | { k: "newZone"; name: string; owner: IrExpr }
  | { k: "allZones"; name: string; owner: IrExpr }
  | { k: "zoneProp"; zone: IrExpr; prop: "owner" | "exists" | "kind" }
  | { k: "zoneValue"; zone: IrExpr; name: string }
  | { k: "remembered"; fact: IrExpr }
  | { k: "bonusLit"; stat: string; amount: number }
  /** A card to be created, as card text describes it: its type, keywords and traits, clans and stats. */
  | { k: "descriptionLit"; type: string; keywords: readonly string[]; traits: readonly string[]; clans: readonly string[]; stats: Readonly<Record<string, number>> }
  /** An ability a card's text gives another card: the `index`th of the card's granted abilities. */
  | { k: "grantedAbility"; card: string; index: number }
  /** `body` with `name` bound to `value` (card text: a value that may be none, tested in the body). */
  | { k: "letIn"; name: string; ty: Ty; value: IrExpr; body: IrExpr };

export type IrStmt =
  | { k: "let"; name: string; ty: Ty; init: IrExpr }
  | { k: "assignLocal"; name: string; value: IrExpr }
  | { k: "assignField"; frame: IrExpr; field: string; value: IrExpr }
  | { k: "setFlag"; card: IrExpr; flag: string; value: IrExpr }
  | { k: "setUseFlag"; use: IrExpr; flag: string; value: IrExpr }
  | { k: "setFaceUp"; card: IrExpr; value: IrExpr }
  | { k: "setController"; card: IrExpr; value: IrExpr }
  | { k: "setValue"; player: IrExpr; name: string; value: IrExpr }
  | { k: "setNegated"; use: IrExpr; value: IrExpr }
  | { k: "if"; cond: IrExpr; then: IrStmt[]; else: IrStmt[] | null }
  | { k: "for"; binder: string; source: IrExpr; orderedBy: { player: IrExpr; prompt: string } | null; body: IrStmt[]; label: string }
  /** `where`: the loop's place in its source file ("rules/game.l5r:12:5"), named if it never ends. */
  | { k: "while"; cond: IrExpr; body: IrStmt[]; label: string; where: string }
  | { k: "repeat"; count: IrExpr; body: IrStmt[]; label: string; where: string }
  | { k: "return" }
  | { k: "stop" }
  | { k: "abort"; frame: IrExpr }
  | { k: "emit"; event: string; args: IrExpr[] }
  | { k: "runHook"; hook: IrExpr; args: IrExpr[] }
  | { k: "callEffect"; fn: ModuleRef; args: IrExpr[]; hooks: Record<string, IrExpr> }
  | { k: "move"; card: IrExpr; dest: IrExpr; position: "top" | "bottom"; facing: "up" | "down" | null }
  | { k: "create"; zone: IrExpr }
  | { k: "cease"; zone: IrExpr }
  /** `until` null: the duration card text gives (rt.ongoing()), or none when `permanent`. */
  | { k: "modify"; card: IrExpr; stat: IrExpr; amount: IrExpr; until: IrExpr | null; permanent: boolean }
  | { k: "endModifiers"; card: IrExpr; stat: string }
  | { k: "override"; param: string; args: IrExpr[]; value: IrExpr; until: IrExpr | null; permanent: boolean }
  /** `untilEvent`: until that event next happens with those arguments, instead of a sequence's end. */
  /** `whileHolds`: until that condition first stops holding (checked as the game changes). */
  | { k: "lasting"; sequences: string[]; body: IrStmt[]; untilEvent?: { event: string; args: IrExpr[] } | null; whileHolds?: IrExpr | null }
  | { k: "add"; item: IrExpr; list: IrExpr }
  | { k: "remove"; item: IrExpr; list: IrExpr }
  | { k: "resolve"; use: IrExpr }
  | { k: "clause"; title: string; body: IrStmt[] }
  | { k: "choose"; player: IrExpr; prompt: string; options: IrChooseOption[] }
  | { k: "atEnd"; frame: IrExpr; body: IrStmt[] }
  /** A delayed effect: `body` runs once, the next time `event` happens and `cond` holds (card text's). */
  | { k: "once"; event: string; binders: { name: string; ty: Ty; index: number }[]; cond: IrExpr | null; body: IrStmt[]; each: boolean; or: Extract<IrStmt, { k: "once" }>[] }
  | { k: "expr"; e: IrExpr }
  /** In a sequence that can end without resolution: leave the heading once it has. */
  | { k: "checkpoint" }
  // scenario statements
  | { k: "players"; names: string[] }
  | { k: "put"; binder: string | null; def: IrExpr; zone: IrExpr; copies: number }
  | { k: "answer"; player: IrExpr; parts: { kind: "label" | "card" | "player" | "zone"; e: IrExpr }[]; source: string }
  | { k: "take"; card: IrExpr; player: IrExpr; ability: number | null; forced: boolean }
  | { k: "expect"; cond: IrExpr; text: string; detail: { text: string; e: IrExpr }[] }
  | { k: "expectResult"; how: "winner" | "draw" | "refused"; player: IrExpr | null; text: string; source: string }
  | { k: "unscripted"; mode: string }
  | { k: "on"; event: string; binders: { name: string; ty: Ty; index: number }[]; body: IrStmt[] }
  | { k: "break"; label: string }
  | { k: "window"; from: IrExpr; rules: { timings: string[]; condition: IrExpr | null }[]; once: boolean }
  | { k: "declare"; winner: IrExpr | null; reason: IrExpr }
  | { k: "eliminate"; player: IrExpr; reason: IrExpr }
  | { k: "refuse"; message: IrExpr }
  | { k: "shuffle"; zone: IrExpr }
  | { k: "attach"; item: IrExpr; target: IrExpr }
  | { k: "detach"; item: IrExpr }
  | { k: "remember"; fact: IrExpr }
  | { k: "setActive"; player: IrExpr }
  | { k: "setZoneValue"; zone: IrExpr; name: string; value: IrExpr }

export interface IrChooseOption {
  label: string;
  binder: string | null;
  binderTy: Ty | null;
  source: IrExpr | null;
  filter: IrExpr | null;
  body: IrStmt[];
}

export interface IrParam {
  name: string;
  ty: Ty;
}

export interface IrFunction {
  kind: "function";
  ref: ModuleRef;
  doc: string;
  params: IrParam[];
  returns: Ty;
  body: IrExpr;
  cached?: boolean;
}

export interface IrRuleParam {
  kind: "param";
  ref: ModuleRef;
  /** The parameter's name at run time (overrides name it). */
  id: string;
  /** Overrides add to the default. */
  summed: boolean;
  doc: string;
  params: IrParam[];
  returns: Ty;
  fallback: IrExpr;
}

export interface IrEffect {
  kind: "effect";
  ref: ModuleRef;
  doc: string;
  costOnly: boolean;
  /** Can it put a decision to a player or let anything react? If not it is a plain function. */
  yields: boolean;
  /** Is its last statement the only one that can (an event, or a call of an effect that yields)? */
  tailStep?: boolean;
  /** When it can be paid as a cost: generated as `<name>Payable`. */
  payable: IrExpr | null;
  params: IrParam[];
  hooks: { name: string; params: IrParam[] }[];
  body: IrStmt[];
}

export interface IrHeading {
  fnName: string;
  label: string | null;
  title: string;
  /** The timing point's name: `duel.F`, or `challenge.2` for an unlettered heading. */
  point: string;
  always: boolean;
  doc: string;
  body: IrStmt[];
  /** Its timing points, generated only when something in the program names them. */
  points: { before: boolean; after: boolean };
  yields: boolean;
  /** Is its last statement the only one that can yield (an event, or a call of an effect that yields)? */
  tailStep?: boolean;
}

export interface IrSequence {
  kind: "sequence";
  ref: ModuleRef;
  frameType: ModuleRef;
  seq: string;
  title: string;
  doc: string;
  params: IrParam[];
  hooks: { name: string; params: IrParam[] }[];
  states: { name: string; ty: Ty; init: IrExpr }[];
  aborts: { event: string; binders: string[]; when: IrExpr | null }[];
  headings: IrHeading[];
  /** Its own start and end as timing points ("after your Dynasty Phase ends"), when something listens. */
  points?: { before: boolean; after: boolean };
}

export interface IrTarget {
  slot: string;
  ty: Ty;
  prompt: string;
  candidates: IrExpr;
  /** A target ("target ..."), not only a choice: the rules' `targetable` entry also decides. */
  targeted: boolean;
  /** The card chosen performs the action ("your performing Personality"). */
  performer: boolean;
  /** Several cards chosen together, at least `min` and at most `max` (null: any number): a list. */
  count?: { min: number; max: number | null };
  /** What the cards of a target of several must be together, of the target's slot (its list). */
  together?: IrExpr;
  /** Chosen wherever it is ("at any location"): a target asks the rules' `targetableAnywhere` entry
   *  instead of `targetable`. */
  anywhere?: true;
}

export interface IrAbility {
  kind: string;
  text: string;
  timings: string[];
  keywords: string[];
  /** `firstTime`: only the first matching occurrence in each period of these sequences ([]: the game). */
  trigger: { event: string; reaction: boolean; match: IrExpr; firstTime?: string[] | null } | null;
  /** Conditions to use it, besides having a target for every target and paying every cost. */
  condition: IrExpr | null;
  targets: IrTarget[];
  /** Checks that costs can be paid (one per cost). */
  payable: IrExpr[];
  costs: IrStmt[];
  effects: IrStmt[];
  /** The effects its costs and effects call, by name (rules may ask: "does it move units?"). */
  calls: string[];
  /** For a kind that `measures` an effect: what the ability gives before it is used (its Gold). */
  measure: IrExpr | null;
  /** The declared phrases and built-in constructs its text uses (coverage: compiler/corpus/). */
  phrases: string[];
  /** Of a kind that `describes` a card ("Will only attach to a Crane Clan Personality"), or measured
   *  and nothing else ("Discipline :g2:"): the rules consult it rather than resolve it, so being
   *  consulted is what exercises its phrases. */
  consulted?: true;
}

export interface IrCard {
  kind: "card";
  ref: ModuleRef;
  key: string;
  title: string;
  /** The title without its subtitle (after " • "), when it has one. */
  name: string | null;
  type: string;
  clans: string[];
  stats: { name: string; value: number }[];
  /** Stats the card prints as "-" (it has none). */
  unprinted: string[];
  /** Declared keywords (a levelled one by its keyword: "Experienced 2" is Experienced). */
  keywords: string[];
  /** What a levelled keyword prints after it ("Experienced 2": Experienced, "2"), by keyword. */
  levels: { keyword: string; level: string }[];
  traits: string[];
  text: string;
  abilities: IrAbility[];
  /** Abilities its text gives other cards ("give him the ability, \"...\""), compiled on their own. */
  granted: IrAbility[];
  /** Abilities left out for a phrase the game cannot yet do: their text, why, and (for an action) its
   *  place among the card's actions as written, so a scenario that uses it is told. */
  leftOut: { text: string; why: string; action: number | null }[];
}

export interface IrScenario {
  kind: "scenario";
  ref: ModuleRef;
  title: string;
  location: string;
  seed: number | null;
  adhocCards: IrCard[];
  body: IrStmt[];
}

export interface IrStatrule {
  kind: "statrule";
  ref: ModuleRef;
  stat: string;
  doc: string;
  params: IrParam[];
  body: IrExpr;
}

/** `advise "prompt" "label" (p: player, c: card) = worth`: compiled to a function of the deciding player
 *  (and what the option names) giving the option's worth. */
export interface IrAdvice {
  kind: "advice";
  ref: ModuleRef;
  doc: string;
  params: IrParam[];
  body: IrExpr;
}

export interface IrDeck {
  kind: "deck";
  ref: ModuleRef;
  title: string;
  parts: { zone: string; cards: { copies: number; title: string }[] }[];
}

export type IrDecl = IrFunction | IrRuleParam | IrEffect | IrSequence | IrCard | IrScenario | IrStatrule | IrAdvice | IrDeck;

export interface IrModule {
  /** e.g. "rules/duels" → generated/rules/duels.ts */
  readonly path: string;
  readonly source: string;
  readonly title: string | null;
  readonly decls: IrDecl[];
}

export interface IrVocabulary {
  values: { name: string; initial: number; label: string; minimum: number | null }[];
  /** How logs read: each event's first phrase ("{c} enters play"), each sequence's title. */
  events: { name: string; params: string[]; phrase: string | null }[];
  sequences: { name: string; title: string }[];
  stats: { name: string; label: string; short: string | null }[];
  flags: string[];
  types: { name: string; kinds: string[]; playedFrom: string | null; stats: string[] }[];
  zones: { name: string; label: string; per: string | null; isArea: boolean; inPlay: boolean; ordered: boolean; many: boolean; values: string[]; visibility: "public" | "private" | "hidden" }[];
  abilityKinds: { name: string; from: string[] }[];
  entries: { name: string; target: ModuleRef }[];
  statRules: { stat: string; target: ModuleRef }[];
  /** What options are worth to a player playing to win: by prompt and option label (null: the items of
   *  a `choose ... from`). */
  advice: { prompt: string; label: string | null; target: ModuleRef }[];
}

export interface IrProgram {
  vocabulary: IrVocabulary;
  modules: IrModule[];
  /** Timing points ("before:duel.F") that some trigger or scenario names. */
  listenedPoints: Set<string>;
}
