// The shapes the runtime holds: players, cards, zones, running sequences (frames) and ability uses,
// plus the definitions the generated rules hand over (vocabulary, cards, abilities).
import type { Rt, Steps } from "./rt.ts";

export interface Player {
  readonly id: number;
  readonly name: string;
  readonly values: Record<string, number>;
  /** Per-player zones and areas, by zone name. */
  readonly zones: Map<string, Zone>;
  eliminated: boolean;
}

export interface Card {
  readonly id: number;
  readonly def: CardDef;
  readonly owner: Player;
  controller: Player;
  zone: Zone;
  faceUp: boolean;
  readonly flags: Record<string, boolean>;
  /** Per-card areas (a resolution area "created for that card"). */
  readonly zones: Map<string, Zone>;
  /** The card this one is attached to (an attachment's Personality, a Region's province is a zone). */
  attachedTo: Card | null;
  /** The cards attached to this one, in the order they attached. */
  readonly attached: Card[];
}

export type ZoneOwner = Player | Card | Zone;

export interface Zone {
  readonly key: string;
  readonly def: ZoneDef;
  readonly owner: ZoneOwner | null;
  /** Index 0 is the top of an ordered zone. */
  readonly cards: Card[];
  exists: boolean;
  /** Numbers the zone holds (a province's strength). */
  readonly values: Record<string, number>;
  /** Zones owned by this zone (a province's Regions). */
  readonly zones: Map<string, Zone>;
  /** The player it belongs to, following its owners (null: none, or a card holds it): owners never
   *  change, so it is worked out once. */
  readonly player: Player | null;
}

/** A running (or finished) rules sequence: a duel, a challenge, a battle, a turn. */
export interface Frame {
  readonly id: number;
  readonly seq: string;
  /** Ended without resolution ("the duel ends immediately without resolution"). */
  aborted: boolean;
  /** Ended by its own rules (a challenge that fails); later headings do not happen. */
  stopped: boolean;
  closed: boolean;
}

/** One use of an ability by a player: the "you" and "this card" of its text, its targets and context. */
export interface Use<S extends object = Record<string, unknown>> {
  readonly id: number;
  readonly card: Card;
  readonly player: Player;
  readonly ability: AbilityDef;
  /** Context the ability kind supplies (e.g. the duel of a Focus Effect). */
  readonly bindings: Readonly<Record<string, unknown>>;
  /** Arguments of the event that triggered it. */
  eventArgs: readonly unknown[];
  /** Targets and choices made when it was announced. */
  slots: S;
  negated: boolean;
}

/** What applying a continuous trait can make (see AbilityDef.layer). */
export interface LayerEffects {
  readonly params: readonly string[];
  readonly stats: boolean;
  readonly grants: boolean;
}

export interface TriggerDef {
  readonly event: string;
  /** A Reaction is an optional action a player takes; otherwise a triggered trait resolves by itself. */
  readonly reaction: boolean;
  matches(rt: Rt, u: Use, args: readonly unknown[]): boolean;
}

export interface AbilityDef {
  /** "action", "static", "trigger" or a declared ability kind (e.g. "focusEffect"). */
  readonly kind: string;
  readonly text: string;
  readonly timings: readonly string[];
  readonly keywords: readonly string[];
  readonly trigger?: TriggerDef;
  /** The slots of its choices that are targets ("target ..."), by name. */
  readonly targets?: readonly string[];
  /** The slots of the cards chosen to perform it ("your performing Personality"), by name. */
  readonly performers?: readonly string[];
  /** Whether a card is a legal target of one of its target slots now (what the ability describes it as,
   *  and the rules' targetable entry): for a target redirected to another card "if legal". */
  legalTarget?(rt: Rt, u: Use, slot: string, c: Card): boolean;
  /** The rules effects its costs and effects call, and the functions its conditions call, by name. */
  readonly calls?: readonly string[];
  /** Can it be used now (conditions hold, costs payable, targets available)? */
  usable?(rt: Rt, u: Use): boolean;
  /** A trait the rules consult rather than resolve ("Will only attach to ...", "Discipline :g2:"): its
   *  condition or measure is all it says, so a scenario's coverage counts it when consulted and it matches. */
  readonly consulted?: true;
  /** For an ability kind that measures an effect: what it gives before it is used (a Holding's Gold). */
  measure?(rt: Rt, u: Use): number;
  /** A continuous trait: everything applying it can make (the rule parameters it may override, whether
   *  it may modify stats or give abilities).  None: it could change anything. */
  readonly layer?: LayerEffects;
  /** Choose targets and pay costs; false when it cannot be announced. */
  announce?(rt: Rt, u: Use): Steps<boolean>;
  resolve(rt: Rt, u: Use): Steps;
}

/** An ability a card's text gives: the `index`th of the granted abilities of the card `from`. */
export interface GrantedAbility {
  readonly from: CardDef;
  readonly index: number;
}

export interface CardDef {
  readonly key: string;
  readonly title: string;
  /** The title without its subtitle (after " • "), when it has one. */
  readonly name?: string;
  readonly type: string;
  readonly clans: readonly string[];
  readonly stats: Readonly<Record<string, number>>;
  /** Stats printed "-": the card has none (its value reads as 0). */
  readonly unprinted?: readonly string[];
  readonly keywords: readonly string[];
  /** What a levelled keyword prints after it, by keyword ("Experienced 2": `{ Experienced: "2" }`). */
  readonly levels?: Readonly<Record<string, string>>;
  /** Free names with no rules meaning, which card text may name as it names keywords. */
  readonly traits?: readonly string[];
  readonly abilities: readonly AbilityDef[];
  /** Abilities its text gives other cards ("give him the ability, \"...\""): not its own. */
  readonly granted?: readonly AbilityDef[];
  readonly text: string;
  /** Abilities the compiler left out (a phrase the game cannot yet do): their text, why, and for an
   *  action its place among the card's actions as written (`take c by p ability 2`). */
  readonly leftOut?: readonly LeftOutAbility[];
  /** A card an effect created (Twenty Festivals, Created cards): it has no title and is in no deck. */
  readonly created?: boolean;
}

export interface LeftOutAbility {
  readonly text: string;
  readonly why: string;
  readonly action: number | null;
}

export interface ZoneDef {
  readonly name: string;
  readonly label: string;
  /** "player", "card", the name of another zone kind, or null for one zone in the game. */
  readonly per: string | null;
  readonly isArea: boolean;
  readonly inPlay: boolean;
  readonly ordered: boolean;
  /** An owner may have any number of these (provinces). */
  readonly many: boolean;
  readonly values: readonly string[];
  readonly visibility: "public" | "private" | "hidden";
}

export interface TypeDef {
  readonly name: string;
  readonly kinds: readonly string[];
  readonly playedFrom: string | null;
  readonly stats: readonly string[];
}

export interface AbilityKindDef {
  readonly name: string;
  /** Zone names the ability is used from; "play" means any in-play zone. */
  readonly from: readonly string[];
}

export interface Vocabulary {
  readonly values: readonly { name: string; initial: number; label?: string; minimum?: number | null }[];
  readonly stats: readonly { name: string; label: string; short: string | null }[];
  readonly flags: readonly string[];
  readonly types: readonly TypeDef[];
  readonly zones: readonly ZoneDef[];
  readonly abilityKinds: readonly AbilityKindDef[];
  /** For logs a person reads: each event's phrase ("{c} enters play") and each sequence's title. */
  readonly events?: readonly { name: string; params: readonly string[]; phrase: string | null }[];
  readonly sequences?: readonly { name: string; title: string }[];
}

export interface RulesBundle {
  readonly vocabulary: Vocabulary;
  readonly cards: readonly CardDef[];
  /** Entry points the runtime calls: `actions` takes a player's action (windows, reactions). */
  readonly entries: {
    readonly actions?: (rt: Rt, u: Use) => Steps;
    /** A whole game, from the decks to a winner. */
    readonly game?: (rt: Rt) => Steps<unknown>;
    /** May the player use the card's abilities where it is now? (Default: its type's zone, or in play.) */
    readonly usableFrom?: (rt: Rt, c: Card, p: Player) => boolean;
    /** May this use target this card? (Default: yes.) */
    readonly targetable?: (rt: Rt, u: Use, c: Card) => boolean;
    /** May this use target this card, its text saying wherever it is ("at any location")? (Default:
     *  as `targetable`.) */
    readonly targetableAnywhere?: (rt: Rt, u: Use, c: Card) => boolean;
    /** Has the card this keyword? (Default: one of its printed keywords.) */
    readonly hasKeyword?: (rt: Rt, c: Card, keyword: string) => boolean;
    /** One opportunity for the player to take an action (a window): where a scenario's `take` is taken,
     *  so it is legal exactly when a game would offer it. */
    readonly opportunity?: (rt: Rt, p: Player) => Steps;
    /** Why this use of an action may not be taken now beyond its own conditions and costs (once per turn,
     *  a bowed card), or null when it may.  Windows and Reaction opportunities offer only those it allows. */
    readonly useLimit?: (rt: Rt, u: Use) => string | null;
    /** Does a stat modifier count now: the card, the stat, its amount, the use whose effects gave it (none
     *  for a continuous trait's or the rules' own) and when it began (`Rt.timeNow`)?  (Default: yes.) */
    readonly modifierApplies?: (rt: Rt, c: Card, stat: string, delta: number, from: Use | null, at: number) => boolean;
    /** Does this triggered trait trigger although its card is out of play and in no area, its text
     *  saying it is triggered from where the card is?  (Default: no.) */
    readonly triggersOutOfPlay?: (rt: Rt, u: Use) => boolean;
    /** A triggered trait is used: announced, it resolves now (the rules count its uses, as they count an
     *  action's when it is announced).  (Default: nothing.) */
    readonly traitUsed?: (rt: Rt, u: Use) => void;
    /** Is this use taken without paying its costs: neither paid when it is announced nor asked to be
     *  payable when it is offered?  (Default: no.) */
    readonly costsWaived?: (rt: Rt, u: Use) => boolean;
  };
  /** The entry points that are steps, in their direct form (plain functions that answer each decision
   *  at once through Rt.now/answerNow): what a game whose agents all answer at once runs. */
  readonly direct?: {
    readonly actions?: (rt: Rt, u: Use) => void;
    readonly game?: (rt: Rt) => unknown;
    readonly opportunity?: (rt: Rt, p: Player) => void;
  };
  /** How a stat's value is worked out from its base plus modifiers (`raw`), by stat. */
  readonly statRules?: Readonly<Record<string, (rt: Rt, c: Card, raw: number) => number>>;
  /** What options are worth to a player playing to win (`advise` declarations): agents may read it
   *  through the decision they are shown; the game never does. */
  readonly advice?: readonly AdviceDef[];
}

export interface AdviceDef {
  readonly prompt: string;
  /** The option's label, or null for the items of a `choose ... from`. */
  readonly label: string | null;
  /** The worth to the deciding player of the option (and of what it names: a card, a player, a zone, an
   *  action). */
  readonly worth: ((rt: Rt, p: Player) => number) | ((rt: Rt, p: Player, subject: Card) => number) | ((rt: Rt, p: Player, subject: Player) => number) | ((rt: Rt, p: Player, subject: Zone) => number) | ((rt: Rt, p: Player, subject: Use) => number);
}

/** A deck by card titles, as rules/ declares it (`deck "..." { ... }`) or a tool reads it: the cards
 *  each of the player's zones starts the game with. */
export interface DeckSpec {
  readonly title: string;
  readonly parts: readonly { readonly zone: string; readonly cards: readonly { readonly copies: number; readonly title: string }[] }[];
}
