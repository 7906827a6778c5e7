// What lowering one ability of card text shares across its steps (compiler/text/lower.ts orders them):
// the vocabulary, the diagnostics, and what the text has named so far (pronouns, targets, conditions).
import { relationsAmong } from "./card-relations.ts";
import type * as A from "../../grammar/index.ts";
import type { Diagnostics, Related } from "../diagnostics.ts";
import { Diagnostics as DiagnosticsClass } from "../diagnostics.ts";
import type { Callable } from "../symbols.ts";
import type { Checker } from "../check/checker.ts";
import { Scope } from "../check/scope.ts";
import type { Ty } from "../types.ts";
import { phraseId, type EffectPhrase, type Lexicon, type PhraseId, type Reference } from "./lexicon.ts";
import { PhraseMatcher, yoursAlone, type CardPhrase, type Count, type Match, type Noun } from "./match.ts";
import { rangeOfWords, textOfWords, type Word } from "./words.ts";
import { selfNames } from "./self-names.ts";
import { suggest, type PhraseSet } from "./suggest.ts";
import { copyWithRange, eachNode } from "../tree.ts";
import { AstBuilder } from "./build.ts";
import { candidatesOf, isAnywhere } from "./nouns.ts";
import { ordinalTarget } from "./ordinal-targets.ts";
import type { MayAnswer } from "./may-answer.ts";
import type { LastIf } from "./otherwise.ts";
import type { CostChoice } from "./cost-choices.ts";
import { wordingId } from "./phrase-variants.ts";

export interface LoweredBinding {
  readonly name: string;
  readonly ty: Ty;
  /** From the ability kind (a Focus Effect's duel) or the triggering event's arguments. */
  readonly source: { k: "kind" } | { k: "event"; index: number };
}

export interface LoweredAbility {
  readonly kind: string;
  readonly timings: string[];
  readonly keywords: string[];
  readonly text: string;
  readonly range: A.Range;
  /** `firstTime`: only the first occurrence in each period of these sequences ([]: the game), or null. */
  readonly trigger: { event: string; reaction: boolean; filter: A.Expr | null; firstTime: string[] | null } | null;
  readonly bindings: LoweredBinding[];
  /** Choices made when the ability is announced; `targeted` ones are targets ("target ..." phrases). */
  readonly targets: AnnouncedChoice[];
  /** What must hold for the ability to be used ("If you have a higher Family Honor than ..."). */
  readonly conditions: A.Expr[];
  readonly costs: A.Stmt[];
  readonly effects: A.Stmt[];
  /** The declared phrases and built-in constructs it uses (coverage: which scenarios exercise them). */
  readonly phrases: readonly string[];
}

export type Effect = Extract<Callable, { kind: "effect" }>;

export interface Sink {
  readonly stmts: A.Stmt[];
  readonly available: Map<string, Ty>;
  /** The last call in this sink that has hooks: later sentences may go into its hooks. */
  hookable: { effect: Effect; hooks: { decl: A.HookDecl; sink: Sink }[] } | null;
  readonly costs: boolean;
  /** In one alternative of a choice of costs: the cards it names, chosen with it (cost-choices.ts). */
  readonly chosenInCost?: CostChoice[];
  /** What "<player> may <cost>" asks among effects ("His controller may pay 4 Gold"): a cost may be paid
   *  here, and whether it can be, in the answerer's terms ("you"), is kept so that he is asked only then. */
  readonly mayPay?: A.Expr[];
  /** The first part of "<effect> to <effect>": whether each effect here can be done (its `payable`), so
   *  that neither part happens when the first cannot ("Discard a card at random to draw a card" with no
   *  card in hand draws none). */
  readonly doneIf?: A.Expr[];
}

export interface Plan {
  readonly phrase: EffectPhrase;
  readonly match: Match;
  readonly sink: Sink;
}

export interface AnnouncedChoice {
  readonly slot: string;
  readonly prompt: string;
  candidates: A.Expr;
  readonly targeted: boolean;
  /** Chosen with a `performer` adjective ("your performing Personality"): it performs the action. */
  readonly performer?: boolean;
  /** Several cards chosen together ("target one or two Personalities"): the slot is a list. */
  readonly count?: Count;
  /** Chosen wherever it is ("at any location"): a target asks the rules' `targetableAnywhere` entry. */
  readonly anywhere?: true;
  /** A player chosen, not a card ("Target a player": compiler/text/player-targets.ts). */
  readonly player?: true;
  /** What several cards chosen must be together, of the slot's list ("controlled by the same player"). */
  readonly together?: A.Expr;
}

export interface Pronoun {
  readonly name: string;
  readonly ty: "card" | "player" | "use";
  /** The card types it can be (from its noun), or null when any. */
  readonly types?: ReadonlySet<string> | null;
  /** The card types of the noun a triggering event named it by ("After an action targets one of your
   *  Personalities": a Personality), for "the Personality" only (its `types` stay open for "it"). */
  readonly namedAs?: ReadonlySet<string> | null;
  /** A target of the ability ("the targeted Personality" names one). */
  readonly targeted?: boolean;
  /** A card a triggering event says an action targeted ("After an action targets your Personality"):
   *  "the target" when the ability has no target of its own (event-targets.ts). */
  readonly targetedBefore?: boolean;
  /** The adjectives its target was described with, lower case ("enemy", "your unbowed"). */
  readonly described?: readonly string[];
  /** It stands for several cards (a target of "one or two Personalities"): only a plural names it
   *  ("them", "the targets"), and what it does is done to each. */
  readonly many?: boolean;
  /** It stands for one card of a group an event named ("After any of your Personalities are destroyed"):
   *  "him", not "them" (the event happens to each in turn: event-subjects.ts). */
  readonly single?: boolean;
  /** It stands for a reference that may name no card ("this Personality" on an attachment): what uses
   *  it is guarded by a check that it names one. */
  readonly nullable?: boolean;
  /** It stands for several cards no variable holds ("Create two Followers"): a pronoun that finds it
   *  is not read. */
  readonly several?: boolean;
  /** It stands for a reference worked out again wherever it is used ("this Shugenja": no variable
   *  holds it), so it can be named anywhere in the ability (a condition's card, another alternative). */
  readonly stands?: A.Expr;
  /** It was named by the noun "card" alone ("discard a card"): what "the card" names, whatever its types. */
  readonly bareCard?: boolean;
  /** Its name is in scope everywhere in the ability (a target, a triggering event's card). */
  readonly everywhere?: boolean;
  /** It stands for a name a hook gives ("the duel's loser": the lose hook's `loser`): a sentence that
   *  names it ("Move him home") goes into that hook too. */
  readonly fromContext?: boolean;
  /** Chosen or targeted among your own cards ("your performing Duelist"): what "your Personality"
   *  names after it; with the noun it was named by. */
  readonly yours?: Noun;
  /** The keyword its target or choice was named by ("your performing Yojimbo"): what "the Yojimbo"
   *  names after it (a keyword says nothing of the card's type). */
  readonly keyword?: string;
  /** Bound by a loop or choice around the statements of the clause that named it (not seen outside). */
  readonly local?: boolean;
  /** Bound by a loop over the cards of the clause that named it ("each Personality"): out of scope
   *  after that clause (compiler/text/sentences.ts, effectClause, drops it). */
  readonly loop?: boolean;
}

export type Select = Extract<CardPhrase, { k: "select" }>;

export const NEEDS_NOTHING: readonly string[] = [];

/** The words that name several cards at once: a target of several is named only by one of these. */
const PLURAL_PRONOUNS = new Set(["they", "them", "their", "themselves", "the targets", "both targets", "each target"]);

export class LowerContext {
  pronouns: Pronoun[] = [];
  targets: AnnouncedChoice[] = [];
  /** Where the cards of a noun phrase without a place are, while an effect's slot that says so is read
   *  (`"equip {a} to {to}" (a from cardsIn(you.hand))`); else in play. */
  defaultSource: A.Expr | null = null;
  /** The card a noun phrase's qualifiers describe while they are read: "his" in a number there is it
   *  ("a Personality whose Force is different from his base Force"; nouns.ts). */
  describedSubject: A.Expr | null = null;
  conditions: A.Expr[] = [];
  counter = 0;
  supported = true;
  /** Lowering a continuous trait (its "while" conditions are worked out whenever the game changes). */
  continuous = false;
  /** Reading a condition of the ability itself (before its colon), not one inside its effects. */
  abilityCondition = false;
  /** Reading "this movement will not be negated" after its movement (unnegated-movement.ts). */
  protectingMovement = false;
  /** The sentences after "If <condition>, search ...": they go inside the search, so the condition's too. */
  afterConditionalSearch: Word[][] | null = null;
  /** The ability's timings ("Interrupt"): a reference `for` timings is read only in abilities of one. */
  timings: readonly string[] = [];
  /** The latest "... may ..." (may-answer.ts): a sentence after it may go on the answer. */
  lastMay: MayAnswer | null = null;
  /** The latest "If <condition>, ..." check, for an "Otherwise, ..." after it (otherwise.ts). */
  lastIf: LastIf | null = null;
  /** Calls given hook closures; the closures left empty are dropped once the ability is lowered. */
  callsWithHooks: A.CallExpr[] = [];
  readonly matcher: PhraseMatcher;
  /** The declared phrases (and built-in constructs) the ability uses, for coverage: see `use`. */
  readonly used = new Set<PhraseId>();
  /** What the sentence being lowered has from its context (its sink's names), when one is. */
  available: ReadonlyMap<string, Ty> | null = null;
  /** Compiles an ability the text gives a card (a quoted one) on its own, as an ability of the card whose
   *  text it is, and gives the value that names it; none where no card's text is being compiled. */
  granting: ((ability: A.AbilityText) => A.Expr | null) | null = null;
  /** Above 0 while a reading is only being tried (a look ahead): nothing it meets is used. */
  private trying = 0;
  /** While the branches of "A, or B if ..." are lowered: the targets phrases name, by their text, so
   *  that both branches target the same card. */
  private shared: Map<string, string> | null = null;
  /** While a phrase's pronoun slot is read: the pronouns its other slots named begin here. */
  private floor: number | null = null;
  /** While the second part of "<effect> to <effect>" with the first's subject is lowered: player
   *  pronouns stand for what was named before the first part (playersNamedBefore). */
  private playerFloor: number | null = null;

  constructor(
    readonly lex: Lexicon,
    readonly checker: Checker,
    readonly diags: Diagnostics,
    readonly file: A.SourceFile,
    readonly cardTitle: string,
    readonly cardType: string | null = null,
    /** Name the closest declared phrases in warnings (the default). */
    readonly suggesting = true,
    /** Does the card's name stand for the card itself?  Not in an ability its text gives another card,
     *  where "this card" is that other card. */
    nameIsSelf = true,
  ) {
    this.matcher = new PhraseMatcher(lex, nameIsSelf ? selfNames(cardTitle, lex) : []);
  }

  /** Notes that the ability uses a phrase (not while a reading is only being tried). */
  use(id: PhraseId): void {
    if (this.trying === 0) this.used.add(id);
  }

  /** Is a reading only being tried (nothing it meets is kept)? */
  get tryingOnly(): boolean {
    return this.trying > 0;
  }

  /** Where pronouns for cards and for players stop looking back (`namedBefore`, `playersNamedBefore`):
   *  part of what a reading depends on (conditions.ts keeps a condition's answer with it). */
  get pronounFloors(): readonly [number | null, number | null] {
    return [this.floor, this.playerFloor];
  }

  /** Runs a look ahead: what it meets is not used. */
  tryOnly<T>(look: () => T): T {
    this.trying++;
    try {
      return look();
    } finally {
      this.trying--;
    }
  }

  /** Lowers `both` with the targets its phrases name shared between them. */
  sharingTargets(both: () => void): void {
    const saved = this.shared;
    this.shared = new Map();
    try {
      both();
    } finally {
      this.shared = saved;
    }
  }

  /**
   * Reads each of several alternatives ("Ranged Attack with strength equal to his Force or Chi", read as
   * two whole phrases): a target the rules' phrase itself names (the attack's) is one target for all of
   * them, chosen once, and no card a pronoun in another alternative names ("his Chi" is not the first
   * alternative's attack target's Chi).  After them it is named again.
   */
  alternativesSharingTargets<T, R>(mark: number, alternatives: readonly T[], read: (alt: T) => R): R[] {
    const outer = this.shared;
    const shared = outer ?? new Map<string, string>();
    this.shared = shared;
    const hidden: Pronoun[] = [];
    try {
      return alternatives.map((alt) => {
        const slots = new Set(shared.values());
        const kept = this.pronouns.filter((p, i) => i < mark || !slots.has(p.name));
        for (const p of this.pronouns.slice(mark)) if (slots.has(p.name) && !hidden.some((h) => h.name === p.name)) hidden.push(p);
        this.pronouns.length = 0;
        this.pronouns.push(...kept);
        return read(alt);
      });
    } finally {
      this.shared = outer;
      for (const p of hidden) if (!this.pronouns.some((q) => q.name === p.name)) this.pronouns.push(p);
    }
  }

  sharedTarget(text: string): string | null {
    return this.shared?.get(text) ?? null;
  }

  shareTarget(text: string, slot: string): void {
    this.shared?.set(text, slot);
  }

  /** Starts an ability afresh (the card's names and matcher are kept). */
  withDefaultSource<R>(source: A.Expr | null, read: () => R): R {
    const outer = this.defaultSource;
    this.defaultSource = source;
    try {
      return read();
    } finally {
      this.defaultSource = outer;
    }
  }

  reset(): void {
    this.used.clear();
    this.continuous = false;
    this.timings = [];
    this.pronouns = [];
    this.targets = [];
    this.conditions = [];
    this.callsWithHooks = [];
    this.lastMay = null;
    this.lastIf = null;
    this.supported = true;
  }

  // ================================================================ diagnostics
  /**
   * Text the rules cannot read: an `unsupported/*` warning naming the card, and the ability is left out.
   * Never an error: one card's text never stops a compile, so a file of real cards shows every card's
   * diagnostics (`l5r check --strict` makes warnings fail).
   */
  fail(code: string, message: string, range: A.Range, related: Related[] = []): void {
    this.diags.warning(code, `${message} (${this.cardTitle}); this ability is left out`, this.file.path, range, related);
    this.supported = false;
  }

  /** `near`: the declared phrases the clause was meant to be one of, to name the closest. */
  unsupported(words: readonly Word[], fallback: A.Range, why = "", near: PhraseSet | null = null): void {
    const range = rangeOfWords(words, fallback);
    const { text, related } = near && this.suggesting ? suggest(words, near) : { text: "", related: [] };
    const message = `"${textOfWords(words)}" is not a phrase the rules declare${why ? `: ${why}` : ""} (${this.cardTitle}); this ability is left out${text}`;
    this.diags.warning("unsupported/phrase", message, this.file.path, range, related);
    this.supported = false;
  }

  /** The value naming a quoted ability, compiled on its own (its own warnings say what it cannot do). */
  grantedAbility(ability: A.AbilityText, range: A.Range): A.Expr | null {
    const value = this.granting ? this.granting(ability) : null;
    if (!value) {
      if (!this.granting) this.fail("unsupported/granted", "an ability given to a card is read only in a card's text", range);
      this.supported = false;
    }
    return value;
  }

  fresh(base: string): string {
    return `${base}${++this.counter}`;
  }

  /** The name the latest pronoun read stood for (compiler/text/salience.ts asks which card a slot named). */
  lastResolved: string | null = null;

  pronoun(ty: Pronoun["ty"], range: A.Range, word: string, targeted?: Noun, described?: string, definite?: boolean): string | null {
    const name = this.findPronoun(ty, word, targeted, described, definite);
    this.lastResolved = name;
    // (a definite noun says what the text says: "the Personality", not the matcher's "the targeted")
    const said = targeted ? this.file.text.slice(range.start, range.end).replace(/\s+/g, " ") || word : word;
    if (name === null) this.fail("unsupported/pronoun", `"${said}" has nothing to refer to`, range);
    else if (this.pronouns.find((p) => p.name === name)?.several) {
      this.fail("unsupported/pronoun", `"${word}" stands for ${name.startsWith("picked") ? "a card an effect picked itself, which nothing names" : "several cards created at once"}`, range);
      return null;
    }
    // ("the winner" named in the win hook is not there in the lose hook)
    else if (this.available && !this.available.has(name) && this.pronouns.find((p) => p.name === name)?.fromContext) {
      this.fail("unsupported/pronoun", `"${word}" stands for ${name}, which this sentence does not have`, range);
      return null;
    }
    return name;
  }

  /** What a pronoun's name stands for where it is used: its reference worked out again, or its variable. */
  named(name: string, range: A.Range): A.Expr {
    const stands = this.pronouns.find((p) => p.name === name)?.stands;
    return stands ? this.reRange(stands, range) : new AstBuilder(range).ref(name);
  }

  /** A reference the text names ("While this Shugenja is Fire, he has +1F"): "he" afterwards. */
  namedReference(ref: Reference, expr: A.Expr, nullable: boolean, fromContext = false): void {
    const name = expr.kind === "NameRef" ? (expr as unknown as { name: string }).name : this.fresh("ref");
    const ty = this.typeOf(expr, this.available ?? new Map());
    if (ty.k !== "card" && ty.k !== "player") return;
    this.pronouns.push({ name, ty: ty.k, types: this.referenceTypes(ref, expr), nullable: nullable || ty.nullable, stands: expr, everywhere: true, ...(fromContext ? { fromContext } : {}) });
  }

  /** The card types a reference can name: the card itself is of its type; "this Shugenja" a Personality. */
  private referenceTypes(ref: Reference, expr: A.Expr): Set<string> | null {
    if (expr.kind === "NameRef" && (expr as unknown as { name: string }).name === "self") return this.cardType ? new Set([this.cardType]) : null;
    const range = expr.range;
    const words: Word[] = ["a", ...ref.words.slice(1)].map((w) => ({ t: "w", text: w, lower: w.toLowerCase(), range }));
    const np = this.matcher.wholeCardPhrase(words, 0, words.length);
    return np && np.k === "select" ? this.nounTypes(np.noun) : null;
  }

  /** Keeps, of the pronouns named since `mark`, only those named everywhere in the ability (what one
   *  alternative names as a variable is not there in another). */
  /** Forgets the cards named since `mark` that are variables of statements already emitted (chosen or
   *  looped over): what is read next is outside those statements. */
  dropLocals(mark: number): void {
    const added = this.pronouns.splice(mark);
    this.pronouns.push(...added.filter((p) => !p.local));
  }

  keepEverywhere(mark: number): void {
    const kept = this.pronouns.slice(mark).filter((p) => p.everywhere);
    this.pronouns.length = mark;
    this.pronouns.push(...kept);
  }

  /** A pronoun named again is the latest named ("the target"). */
  mentioned(name: string): void {
    const i = this.pronouns.findIndex((p) => p.name === name);
    if (i >= 0) this.pronouns.push(...this.pronouns.splice(i, 1));
  }

  /** `read`, with a pronoun standing for a player only for what was named before `floor`
   *  (contingent-subject.ts: "He discards a card to draw a card" is the same "he" twice). */
  playersNamedBefore<R>(floor: number, read: () => R): R {
    const outer = this.playerFloor;
    this.playerFloor = floor;
    try {
      return read();
    } finally {
      this.playerFloor = outer;
    }
  }

  /** `read`, with non-reflexive pronouns standing only for what was named before `floor`. */
  namedBefore<R>(floor: number, read: () => R): R {
    const outer = this.floor;
    this.floor = floor;
    try {
      return read();
    } finally {
      this.floor = outer;
    }
  }

  /** What a pronoun stands for (the latest card or player named that it can), or null. */
  /** `described`: the adjectives "the enemy Personality" names its target with (a target declared with them). */
  findPronoun(ty: Pronoun["ty"], word: string, targeted?: Noun, described?: string, definite?: boolean): string | null {
    // A pronoun declared for kinds of card ("him": a Personality) skips cards of other types; "the
    // targeted Personality" is the latest target of that noun.
    const fits = targeted ? this.nounTypes(targeted) : ty === "card" ? this.lex.pronouns.get(word.toLowerCase()) : undefined;
    // A reflexive stands for the card the sentence is about, named first ("Bow this Shugenja to move
    // home a target attacking Personality and himself": the Shugenja), not the latest.
    // "the card" is the latest card named by the noun "card" itself, whatever its type ("Discard a card to
    // give a target enemy Personality a Force penalty equal to the card's Focus Value": the discarded card).
    if (word === "the card") return this.latestUntypedCard();
    const ordinal = ordinalTarget(this, word);
    if (ordinal !== undefined) return ordinal;
    const reflexive = /self$/i.test(word);
    const plural = PLURAL_PRONOUNS.has(word.toLowerCase());
    // The latest card the pronoun would logically refer to (Twenty Festivals, Pronouns).  "The
    // Personality" is first a target named by that type, then one whose noun (a keyword) says nothing of
    // its type ("Target your Samurai and a Personality ... the Personality").
    const twoPasses = targeted !== undefined && fits !== undefined && fits !== null;
    const latest = (strict: boolean): string | null => {
      for (let k = 0; k < this.pronouns.length; k++) {
        const i = reflexive ? k : this.pronouns.length - 1 - k;
        const p = this.pronouns[i]!;
        if (!reflexive && this.floor !== null && i >= this.floor) continue;
        if (ty === "player" && this.playerFloor !== null && i >= this.playerFloor) continue;
        if (targeted && !p.targeted) continue;
        if (described && !p.described?.includes(described)) continue;
        if (p.many && !plural) continue;
        if (p.single && plural) continue;
        // "the targets", "both targets": only a target of several cards (not the latest of two targets).
        if (!p.many && word.endsWith("targets")) continue;
        if (fits && p.ty === "card" && p.types && ![...p.types].some((t) => fits.has(t))) continue;
        if (strict && !p.types) continue;
        // ("Discard a card to give him ...": a card named "a card" is "it" or "the card", not "him".)
        if (p.bareCard && fits && !targeted && fits !== this.lex.pronouns.get("it")) continue;
        if (targeted?.kind === "keyword" && p.keyword !== targeted.name) continue;
        if (p.ty === ty || (ty === "player" && p.ty === "card")) return p.name;
      }
      return null;
    };
    const found = (twoPasses ? latest(true) : null) ?? latest(false);
    if (found !== null) return found;
    if (word === "the target") {
      for (let i = this.pronouns.length - 1; i >= 0; i--) {
        const p = this.pronouns[i]!;
        if (p.targetedBefore && (this.floor === null || i < this.floor)) return p.name;
      }
    }
    // "the Personality" with no target of that noun before it: the latest card of that noun named
    // otherwise (chosen, paid as a cost, or the triggering event's: "After an action targets one of
    // your Personalities: Negate the Personality's movement").
    if (targeted && definite && !described) {
      const named = this.definiteNamed(targeted);
      if (named !== null) return named;
    }
    // A pronoun declared for one type of card, with nothing before it, is the card itself when it is of
    // that type: a Personality's text speaks of him as "he" ("If he would be opposed, ...").
    if (ty === "card" && !targeted && fits && fits.size === 1 && this.cardType !== null && fits.has(this.cardType)) return "self";
    return null;
  }

  /** The latest card named by a noun of no type ("a card"), or null. */
  private latestUntypedCard(): string | null {
    for (let i = this.pronouns.length - 1; i >= 0; i--) {
      const p = this.pronouns[i]!;
      if (this.floor !== null && i >= this.floor) continue;
      if (p.ty === "card" && !p.many && (p.bareCard || (p.types == null && p.namedAs == null && p.stands?.kind !== "NameRef"))) return p.name;
    }
    return null;
  }

  /** The latest card named, not a target, whose noun is of the types of `noun`: one card only. */
  private definiteNamed(noun: Noun): string | null {
    // ("Choose your performing Yojimbo ... the Yojimbo": the choice the keyword named.)
    if (noun.kind === "keyword") {
      for (let i = this.pronouns.length - 1; i >= 0; i--) {
        const p = this.pronouns[i]!;
        if (this.floor !== null && i >= this.floor) continue;
        if (p.ty === "card" && !p.many && p.keyword === noun.name) return p.name;
      }
      return null;
    }
    const fits = this.nounTypes(noun);
    if (!fits) return null;
    for (let i = this.pronouns.length - 1; i >= 0; i--) {
      const p = this.pronouns[i]!;
      if (this.floor !== null && i >= this.floor) continue;
      if (p.targeted || p.ty !== "card" || p.many || p.several) continue;
      // (a card's text names the card itself, or the Personality it is on, by its name or "this ...",
      // never "the Personality": "bow Sakonoko: Negate the destruction of the Personality" is the one
      // the trigger named, and so after "if this Shugenja is Earth")
      if (p.stands && namesSelf(p.stands)) continue;
      const types = p.types ?? p.namedAs;
      if (types && [...types].some((t) => fits.has(t))) return p.name;
    }
    return null;
  }

  /** "Target a player. Bow his target Holding", "... He may draw a card": the player chosen (or
   *  targeted) for the ability that a pronoun stands for, when he was named after any card it can stand
   *  for; else null. */
  possessingPlayer(word: string): string | null {
    const card = this.findPronoun("card", word);
    for (let i = this.pronouns.length - 1; i >= 0; i--) {
      if (this.floor !== null && i >= this.floor) continue;
      const p = this.pronouns[i]!;
      if (p.name === card) return null;
      if (p.ty === "player" && this.targets.some((t) => t.player && t.slot === p.name)) return p.name;
    }
    return null;
  }

  /** "..., target him": the card a pronoun names, chosen when the ability is announced, is targeted
   *  (true), or no such choice is named (false). */
  targetChosen(word: string): boolean {
    const name = this.findPronoun("card", word);
    const i = this.targets.findIndex((t) => t.slot === name && !t.count);
    if (i < 0) return false;
    this.targets[i] = { ...this.targets[i]!, targeted: true };
    const k = this.pronouns.findIndex((p) => p.name === name);
    this.pronouns[k] = { ...this.pronouns[k]!, targeted: true };
    return true;
  }

  declareTarget(np: Select, targeting: boolean): string {
    const slot = this.fresh(targeting ? "target" : "chosen");
    const performer = np.adjectives.some((a) => a.meaning.k === "declared" && a.meaning.decl.performer);
    // (a relation among several cards chosen is checked of them together: card-relations.ts)
    const related = relationsAmong(this, np, slot);
    const { count, ...one } = related.np;
    const anywhere = isAnywhere(np) ? { anywhere: true as const } : {};
    let candidates = candidatesOf(this, one);
    // "Choose your performing Commander and target another Personality in his army": another than the
    // card chosen before it, too (not only than the card whose ability it is).
    const before = [...this.targets].reverse().find((t) => !t.player && !t.count);
    if (np.quant === "another" && before) {
      const b = new AstBuilder(np.range);
      candidates = b.comprehension("otherCard", candidates, b.bin("!=", b.ref("otherCard"), b.ref(before.slot)));
    }
    // Targets are chosen when the action is announced, before its costs are paid here (not as the
    // ACTION SEQUENCE, B then C, of Twenty Festivals orders them): what the action has paid or done
    // ("with Gold Cost less than or equal to the amount of Gold paid") cannot describe them yet.
    if (namesAction(candidates)) this.fail("unsupported/target", `"${textOfWords(np.words)}" describes the cards it chooses by what the action has paid or done, which is not known when they are chosen`, np.range);
    this.targets.push({ slot, prompt: `Choose ${textOfWords(np.words)}`, candidates, targeted: targeting, performer, ...anywhere, ...(count ? { count } : {}), ...(related.together ? { together: related.together } : {}) });
    const yours = performer || np.adjectives.some((a) => a.words.length === 1 && a.words[0] === "your");
    const described = np.adjectives.map((a) => a.words.join(" ").toLowerCase()).filter((w) => w !== "target");
    const keyword = np.noun.kind === "keyword" ? { keyword: np.noun.name } : {};
    this.pronouns.push({ name: slot, ty: "card", types: this.selectTypes(np), targeted: targeting, described, everywhere: true, ...(yours ? { yours: np.noun } : {}), ...(count ? { many: true } : {}), ...keyword });
    return slot;
  }

  /** "Choose your performing Duelist: Your Personality duels the target": "your Personality" is the one
   *  chosen (the latest of your cards chosen that the noun can name), or null. */
  yoursNamed(v: Select): string | null {
    if (!yoursAlone(v)) return null;
    const noun = v.noun;
    const types = this.nounTypes(noun);
    for (let i = this.pronouns.length - 1; i >= 0; i--) {
      const p = this.pronouns[i]!;
      if (!p.yours) continue;
      if (p.yours.name === noun.name || (types && (!p.types || [...p.types].some((t) => types.has(t))))) return p.name;
    }
    return null;
  }

  /** The card types a noun phrase can name: its noun's; else, for cards attached to another ("Sora's
   *  Weapon", "his Weapon": a keyword says nothing of a type), the attachments' types ("him" after
   *  "bow Sora's Weapon" is not the Weapon). */
  selectTypes(np: Select): Set<string> | null {
    const types = this.nounTypes(np.noun);
    if (types || !np.adjectives.some((a) => a.meaning.k === "of" || a.meaning.k === "ofCard")) return types;
    const attached = this.lex.typesOfKind.get("attachment");
    return attached ? new Set(attached) : null;
  }

  /** The card types a noun can name (for pronouns: "him" is a Personality, "it" is not). */
  nounTypes(noun: Noun): Set<string> | null {
    if (noun.kind === "type") return new Set([noun.name]);
    if (noun.kind === "kind") return new Set([noun.name, ...(this.lex.typesOfKind.get(noun.name) ?? [])]);
    if (noun.kind === "phrases") {
      const all = new Set<string>();
      for (const p of noun.phrases as Select[]) {
        const types = this.nounTypes(p.noun);
        if (!types) return null;
        for (const t of types) all.add(t);
      }
      return all;
    }
    if (noun.kind === "either") {
      const all = new Set<string>();
      for (const n of noun.of ?? []) {
        const types = this.nounTypes(n);
        if (!types) return null;
        for (const t of types) all.add(t);
      }
      return all;
    }
    return null;
  }

  /** `expr`, true only where each pronoun it names that may name no card names one. */
  guardNullable(expr: A.Expr): A.Expr {
    const nullable = new Set(this.pronouns.filter((p) => p.nullable).map((p) => p.name));
    if (nullable.size === 0) return expr;
    const named = new Set<string>();
    eachNode(expr, (n) => {
      if (n.kind === "NameRef" && nullable.has((n as unknown as { name: string }).name)) named.add((n as unknown as { name: string }).name);
    });
    const b = new AstBuilder(expr.range);
    return named.size === 0 ? expr : b.and([...[...named].map((name) => b.bin("!=", b.ref(name), b.none())), expr]);
  }

  /** Whether the sentence has what a reference needs ("your Personality" needs a duel); if not, says so. */
  refAvailable(ref: Reference, range: A.Range): boolean {
    const missing = this.available ? ref.needs.filter((n) => !this.available!.has(n)) : [];
    if (missing.length === 0) return true;
    this.fail("unsupported/reference", `"${this.file.text.slice(range.start, range.end)}" cannot be used here (it needs ${missing.join(", ")})`, range);
    return false;
  }

  refExpr(ref: Reference, range: A.Range): A.Expr {
    this.use(ref === this.lex.selfReference && this.file.text.slice(range.start, range.end).toLowerCase() !== ref.words.join(" ") ? phraseId("construct", "the card's own name") : phraseId("reference", wordingId(ref)));
    return this.reRange(ref.decl.body, range);
  }

  /** A copy of an expression from the rules with every range moved to where the card text names it. */
  reRange<E>(node: E, range: A.Range): E {
    return copyWithRange(node, range);
  }

  typeOf(e: A.Expr, available: ReadonlyMap<string, Ty>): Ty {
    const scope = new Scope(null);
    for (const [name, ty] of available) scope.define(name, { ty, ir: { k: "local", name }, assign: null });
    const saved = this.checker.diags;
    this.checker.diags = new DiagnosticsClass();
    try {
      return this.checker.expr(e, scope, { file: this.file, generator: false, sequence: null, returns: false, scenario: false, what: "card text" }).ty;
    } finally {
      this.checker.diags = saved;
    }
  }
}

/** Does a reference name the card itself or what it is reckoned from ("this Shugenja": `bearerOrSelf(self)`)? */
function namesSelf(e: A.Expr): boolean {
  let found = false;
  eachNode(e, (n) => {
    if (n.kind === "NameRef" && (n as unknown as { name: string }).name === "self") found = true;
  });
  return found;
}

/** Does an expression read the action being taken (`action`)? */
function namesAction(e: A.Expr): boolean {
  let found = false;
  eachNode(e, (n) => {
    if (n.kind === "NameRef" && (n as unknown as { name: string }).name === "action") found = true;
  });
  return found;
}
