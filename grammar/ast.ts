// The .l5r abstract syntax tree.  Every node has a `kind` and a `range` (character offsets into its
// file's text); only compiler/diagnostics.ts turns ranges into lines and columns.

export interface Range {
  start: number;
  end: number;
}

export interface Name {
  kind: "Name";
  range: Range;
  text: string;
}

export interface Annotation {
  kind: "Annotation";
  range: Range;
  name: Name;
  date: string | null;
  note: string | null;
  /** errata: the wording before the change (`was "..."`), where the rules text states it. */
  former: string | null;
}

export interface SourceFile {
  kind: "File";
  range: Range;
  path: string;
  text: string;
  title: string | null;
  decls: Decl[];
}

// ================================================================ declarations
interface DeclBase {
  range: Range;
  annotations: Annotation[];
}

export interface RulesDecl extends DeclBase {
  kind: "RulesDecl";
  title: string;
}
export interface ValueDecl extends DeclBase {
  kind: "ValueDecl";
  name: Name;
  label: string;
  /** Other names card text gives the value ("Honor", short for Family Honor). */
  otherLabels: string[];
  init: Expr;
  /** The least the value may be (none: any number, as Family Honor). */
  minimum: number | null;
}
export interface StatDecl extends DeclBase {
  kind: "StatDecl";
  name: Name;
  label: string;
  short: string | null;
}
export interface FlagDecl extends DeclBase {
  kind: "FlagDecl";
  name: Name;
  yes: string;
  no: string;
}
export interface KindDecl extends DeclBase {
  kind: "KindDecl";
  name: Name;
  label: string;
}
export interface TypeDecl extends DeclBase {
  kind: "TypeDecl";
  name: Name;
  plural: string;
  kinds: Name[];
  playedFrom: Name | null;
  /** Plain traits of cards of this type are abilities of this kind (an Event's text resolves). */
  traitsAs: Name | null;
  stats: Name[];
}
export interface ZoneDecl extends DeclBase {
  kind: "ZoneDecl";
  name: Name;
  label: string;
  isArea: boolean;
  per: Name | null;
  hidden: boolean;
  private: boolean;
  ordered: boolean;
  inPlay: boolean;
  /** An owner may have any number of these (provinces). */
  many: boolean;
  /** Numbers each instance holds (a province's strength). */
  values: Name[];
}
export interface KeywordDecl extends DeclBase {
  kind: "KeywordDecl";
  names: Name[];
  /** What the keyword gives each card that has it, as card text ("After this card is destroyed, ..."). */
  text: CardText | null;
}
export interface TimingDecl extends DeclBase {
  kind: "TimingDecl";
  names: Name[];
}
export interface ClanDecl extends DeclBase {
  kind: "ClanDecl";
  names: Name[];
}
/** A phrase string with its own range, used by card-text matching. */
export interface PhraseText {
  kind: "PhraseText";
  range: Range;
  text: string;
}
export interface AdjectiveDecl extends DeclBase {
  kind: "AdjectiveDecl";
  phrases: PhraseText[];
  param: Param;
  /** A card chosen with it performs the action (performersOf). */
  performer: boolean;
  /** It may stand for a noun phrase's noun ("a Human"): its body says which cards it describes. */
  noun: boolean;
  body: Expr;
  /** Where the cards it describes are when a noun phrase does not say ("dead": in discard piles). */
  domain: Expr | null;
  /** What it says of a card a qualifier declared `anywhere` describes (none: its body). */
  anywhere: Expr | null;
}
export interface ReferenceDecl extends DeclBase {
  kind: "ReferenceDecl";
  phrases: PhraseText[];
  /** `for Interrupt`: card text may use it only in abilities of these timings (none: in any). */
  timings: Name[];
  body: Expr;
}
export interface EventDecl extends DeclBase {
  kind: "EventDecl";
  name: Name;
  params: Param[];
  /** Announced before what it names happens: card text triggers on it with "Before ...". */
  before: boolean;
  /** Announced as it happens: card text triggers on it with "When ..." (Twenty Festivals, "When" triggers). */
  when: boolean;
  phrases: PhraseText[];
  /** What each phrase's bracketed alternatives set, by phrase: a filter on the event's occurrences
   *  (`[from a Province (origin = "province")]`, compiler/text/event-settings.ts). */
  wordingSettings: { source: string; settings: Setting[] }[][];
}
export interface FunctionDecl extends DeclBase {
  kind: "FunctionDecl";
  /** Worked out once for its arguments until the game state changes (it reads no running sequence). */
  cached: boolean;
  name: Name;
  params: Param[];
  returnType: TypeRef;
  body: Expr;
}
export interface ParamDecl extends DeclBase {
  kind: "ParamDecl";
  name: Name;
  params: Param[];
  type: TypeRef;
  init: Expr;
  /** Overrides add to the default instead of replacing it. */
  summed: boolean;
}
export interface Phrase {
  kind: "Phrase";
  range: Range;
  text: PhraseText;
  settings: Setting[];
  /** What alternatives of its bracketed words set (`[who may refuse (refusable = true)]`), by the source
   *  between their parentheses (grammar/phrase-settings.ts). */
  wordingSettings: { source: string; settings: Setting[] }[];
}
export interface Setting {
  kind: "Setting";
  range: Range;
  name: Name;
  /** The value the phrase gives the parameter, or none when it names a target instead. */
  value: Expr | null;
  /** `c = target "a Follower or Personality ..."`: a card the phrase targets, as card text would name it
   *  ("Ranged 2 Attack" targets a card of the current enemy army when the ability is announced). */
  target: PhraseText | null;
  /** `a from cardsIn(you.hand)`: where the cards a noun phrase in the slot names are, when it does not
   *  say ("Equip a Follower"). */
  domain: Expr | null;
}
export interface HookDecl {
  kind: "HookDecl";
  range: Range;
  annotations: Annotation[];
  name: Name;
  params: Param[];
  leads: PhraseText[];
}
export interface EffectDecl extends DeclBase {
  kind: "EffectDecl";
  /** A cost-only verb ("pay 2 Gold") may appear only where costs are paid. */
  costOnly: boolean;
  /** When it can be paid as a cost (default: always). */
  payable: Expr | null;
  name: Name;
  params: Param[];
  phrases: Phrase[];
  hooks: HookDecl[];
  body: Stmt[];
}
export interface StateDecl {
  kind: "StateDecl";
  range: Range;
  annotations: Annotation[];
  name: Name;
  type: TypeRef;
  init: Expr;
}
export interface AbortDecl {
  kind: "AbortDecl";
  range: Range;
  annotations: Annotation[];
  event: Name;
  binders: Name[];
  condition: Expr | null;
}
export interface HeadingDecl {
  kind: "HeadingDecl";
  range: Range;
  annotations: Annotation[];
  always: boolean;
  label: Name | null;
  title: PhraseText;
  body: Stmt[];
}
export interface SequenceDecl extends DeclBase {
  kind: "SequenceDecl";
  name: Name;
  title: string;
  params: Param[];
  hooks: HookDecl[];
  states: StateDecl[];
  aborts: AbortDecl[];
  headings: HeadingDecl[];
}
export interface AbilityKindDecl extends DeclBase {
  kind: "AbilityKindDecl";
  name: Name;
  /** How card text begins a trait of the kind ("As a Focus Effect"); the first is how it is named. */
  leads: PhraseText[];
  /** For each lead, what its bracketed alternatives set (`[from your discard pile (from = "discard")]`):
   *  parameters with defaults, which a trait of the kind holds to (compiler/text/lead-settings.ts). */
  wordingSettings: { source: string; settings: Setting[] }[][];
  params: Param[];
  from: Name[];
  /** The effect whose amount an ability of the kind gives before it is used (`measures produce`). */
  measures: Name | null;
  /** The parameter a trait of the kind describes with a noun phrase (`describes to`). */
  describes: Name | null;
}
export interface LaterDecl extends DeclBase {
  kind: "LaterDecl";
  phrases: PhraseText[];
  /** What its bracketed alternatives set (`[next (next = true)]`), by phrase, as a condition's. */
  wordingSettings: { source: string; settings: Setting[] }[][];
  /** `(next: bool = false)`: what the alternatives set, each with a default; the event's arguments read them. */
  params: Param[];
  /** `= end of turn`: at the end of the sequence of that name running (or `onceEvent`). */
  sequence: Name | null;
  /** `= once turnEnds(you)`: the next time this event happens with these arguments (worked out when
   *  the text resolves, in the ability's context: `you`). */
  onceEvent: { event: Name; args: Expr[] } | null;
}
export interface EntryDecl extends DeclBase {
  kind: "EntryDecl";
  name: Name;
  target: Name;
}
export interface CardStat {
  kind: "CardStat";
  range: Range;
  name: Name;
  /** A stat printed "-" (none) or "*" (set by the card's text) reads as 0. */
  value: number;
  /** A modifier ("+2", "-1"), as Items and Senseis print their stats. */
  signed: boolean;
  printed: "number" | "none" | "star";
}
export interface CardBody {
  kind: "CardBody";
  range: Range;
  type: Name | null;
  clans: Name[];
  stats: CardStat[];
  /** Rules keywords, declared in rules/ with their meaning. */
  keywords: Name[];
  /** Free names with no rules meaning, which card text may still name ("target Shadowlands Personality"). */
  traits: Name[];
  text: CardText | null;
}
export interface CardDecl extends DeclBase {
  kind: "CardDecl";
  title: PhraseText;
  body: CardBody;
}
export interface ScenarioDecl extends DeclBase {
  kind: "ScenarioDecl";
  title: PhraseText;
  /** The seed of the scenario's game (`seed 7`), or null for the default. */
  seed: number | null;
  body: Stmt[];
}

export interface StatruleDecl extends DeclBase {
  kind: "StatruleDecl";
  name: Name;
  params: Param[];
  returnType: TypeRef;
  body: Expr;
}
/** `advise "prompt" "label" (p: player, c: card) = worth`: what an option is worth to a player who plays
 *  to win (agents read it; the game does not). */
export interface AdviceDecl extends DeclBase {
  kind: "AdviceDecl";
  prompt: PhraseText;
  /** The option's label ("yes", a `choose` branch), or null for the items of a `choose ... from`. */
  label: PhraseText | null;
  params: Param[];
  body: Expr;
}
export interface DeckEntry {
  kind: "DeckEntry";
  range: Range;
  copies: number;
  title: PhraseText;
}
/** The cards a deck puts in one of its player's zones when the game is set up. */
export interface DeckPart {
  kind: "DeckPart";
  range: Range;
  zone: Name;
  entries: DeckEntry[];
}
export interface DeckDecl extends DeclBase {
  kind: "DeckDecl";
  title: PhraseText;
  parts: DeckPart[];
}
export interface ConditionDecl extends DeclBase {
  kind: "ConditionDecl";
  phrases: PhraseText[];
  /** For each phrase, what its bracketed alternatives set (`[since your last turn began (since =
   *  "began")]`), by the source between their parentheses (grammar/phrase-settings.ts). */
  wordingSettings: { source: string; settings: Setting[] }[][];
  params: Param[];
  /** What must hold (`= ...`), or null when the condition is that some card of `domain` fits. */
  filter: Expr | null;
  domain: Expr | null;
}
/** How long an effect card text gives lasts: the end of the first of `sequences` running (none: forever). */
export interface DurationDecl extends DeclBase {
  kind: "DurationDecl";
  isDefault: boolean;
  phrases: PhraseText[];
  /** What its bracketed alternatives set (`[three (n = 3)]`), by phrase, as a condition's. */
  wordingSettings: { source: string; settings: Setting[] }[][];
  /** `(n: number = 2)`: what the alternatives set, each with a default; the event's arguments read them. */
  params: Param[];
  sequences: Name[];
  /** `= until turnBegins(you)`: the effects last until this event next happens with these arguments
   *  (read in the ability's context: `you`). */
  untilEvent: { event: Name; args: Expr[] } | null;
}
/** `icon ":g{n}:" "pay {n} Gold"`: what an icon of card text stands for. */
export interface IconDecl extends DeclBase {
  kind: "IconDecl";
  icon: PhraseText;
  phrase: PhraseText;
}
export interface PronounDecl extends DeclBase {
  kind: "PronounDecl";
  words: PhraseText[];
  types: Name[];
}
export interface QualifierDecl extends DeclBase {
  kind: "QualifierDecl";
  phrases: PhraseText[];
  /** For each phrase, what its bracketed alternatives set (`[lower (rel = "<")|higher (rel = ">")]`), as
   *  a condition's (grammar/phrase-settings.ts). */
  wordingSettings: { source: string; settings: Setting[] }[][];
  params: Param[];
  /** A card it describes is chosen wherever it is ("at any location"): see the parser. */
  anywhere: boolean;
  filter: Expr | null;
  domain: Expr | null;
}
/** A deck, zone, location or province card text names ("your Fate deck", "home", "this Province"): a
 *  zone slot of an effect reads it.  `filter` is the zone (or the zones) it names; `domain`, the zones
 *  the player whose effect it is chooses one of ("any Fate deck", "a battlefield").  A first card
 *  parameter no phrase names is the card the effect puts there ("home": his controller's). */
export interface PlaceDecl extends DeclBase {
  kind: "PlaceDecl";
  phrases: PhraseText[];
  params: Param[];
  filter: Expr | null;
  domain: Expr | null;
}
export interface SearchDecl extends DeclBase {
  kind: "SearchDecl";
  phrases: PhraseText[];
  params: Param[];
  domain: Expr;
  /** What the search does once the card is found, whatever follows ("then { shuffle you.fateDeck }"). */
  after: Stmt[];
}

export type Decl =
  | StatruleDecl | AdviceDecl | DeckDecl | ConditionDecl | QualifierDecl | PlaceDecl | SearchDecl | PronounDecl | IconDecl | DurationDecl
  | RulesDecl | ValueDecl | StatDecl | FlagDecl | KindDecl | TypeDecl | ZoneDecl | KeywordDecl | TimingDecl
  | ClanDecl | AdjectiveDecl | ReferenceDecl | EventDecl | FunctionDecl | ParamDecl | EffectDecl
  | SequenceDecl | AbilityKindDecl | LaterDecl | EntryDecl | CardDecl | ScenarioDecl;

export interface Param {
  kind: "Param";
  range: Range;
  name: Name;
  type: TypeRef;
  init: Expr | null;
  /** `from <list>`: the words a condition's text slot reads (compiler/text/word-lists.ts). */
  words?: Expr | null;
}

export interface TypeRef {
  kind: "TypeRef";
  range: Range;
  name: Name;
  arg: TypeRef | null;
  nullable: boolean;
}

// ================================================================ statements
interface StmtBase {
  range: Range;
  annotations: Annotation[];
}
export interface LetStmt extends StmtBase {
  kind: "Let";
  name: Name;
  type: TypeRef | null;
  init: Expr;
}
export interface AssignStmt extends StmtBase {
  kind: "Assign";
  target: Expr;
  value: Expr;
}
export interface IfStmt extends StmtBase {
  kind: "If";
  condition: Expr;
  then: Stmt[];
  else: Stmt[] | null;
}
export interface ForStmt extends StmtBase {
  kind: "For";
  binder: Name;
  source: Expr;
  orderedBy: Expr | null;
  /** What the player ordering them is asked ("Put your focus pool under your Fate deck"). */
  orderPrompt: PhraseText | null;
  body: Stmt[];
}
export interface WhileStmt extends StmtBase {
  kind: "While";
  condition: Expr;
  body: Stmt[];
}
export interface RepeatStmt extends StmtBase {
  kind: "Repeat";
  count: Expr;
  body: Stmt[];
}
export interface ReturnStmt extends StmtBase {
  kind: "Return";
}
export interface StopStmt extends StmtBase {
  kind: "Stop";
}
export interface AbortStmt extends StmtBase {
  kind: "Abort";
  frame: Expr;
}
export interface EmitStmt extends StmtBase {
  kind: "Emit";
  event: Name;
  args: Argument[];
}
export interface RunStmt extends StmtBase {
  kind: "Run";
  call: Expr;
}
export interface MoveStmt extends StmtBase {
  kind: "Move";
  card: Expr;
  destination: Expr;
  position: "top" | "bottom" | null;
  facing: "up" | "down" | null;
}
export interface CreateStmt extends StmtBase {
  kind: "Create";
  zone: Expr;
}
export interface CeaseStmt extends StmtBase {
  kind: "Cease";
  zone: Expr;
}
export interface ModifyStmt extends StmtBase {
  kind: "Modify";
  target: Expr;
  amount: Expr;
  until: Expr | null;
  /** `permanently`: it never expires (a token), whatever duration card text gives. */
  permanent: boolean;
}
export interface EndModifiersStmt extends StmtBase {
  kind: "EndModifiers";
  stat: Name;
  card: Expr;
}
export interface OverrideStmt extends StmtBase {
  kind: "Override";
  param: Name;
  args: (Expr | null)[]; // null = `any`
  value: Expr;
  until: Expr | null;
  permanent: boolean;
}
export interface AddStmt extends StmtBase {
  kind: "Add";
  item: Expr;
  list: Expr;
}
export interface RemoveStmt extends StmtBase {
  kind: "Remove";
  item: Expr;
  list: Expr;
}
export interface ResolveStmt extends StmtBase {
  kind: "Resolve";
  use: Expr;
}
export interface ClauseStmt extends StmtBase {
  kind: "Clause";
  title: PhraseText;
  body: Stmt[];
}
export interface ChooseOption {
  kind: "ChooseOption";
  range: Range;
  label: PhraseText;
  binder: Name | null;
  source: Expr | null;
  filter: Expr | null;
  body: Stmt[];
}
export interface ChooseStmt extends StmtBase {
  kind: "Choose";
  player: Expr;
  prompt: PhraseText;
  options: ChooseOption[];
}
/** Produced only by card-text lowering: effects in `body` that name no duration of their own last until
 *  the end of the first of `sequences` running (none: forever), as the text says ("this turn"). */
export interface LastingStmt extends StmtBase {
  kind: "Lasting";
  sequences: Name[];
  body: Stmt[];
  /** Instead: until this event next happens with these arguments ("until your next turn begins"). */
  untilEvent?: { event: Name; args: Expr[] } | null;
  /** Instead: until this condition first stops holding ("While your Samurai remains unbowed, ..."). */
  whileHolds?: Expr | null;
}
/** Produced only by card-text lowering: a delayed effect ("After the next time this turn another player's
 *  action targets him, negate its effects"): `body` runs once, the next time `event` happens with
 *  `binders` naming its arguments and `condition` holding, unless the duration card text gives (the
 *  ongoing one when it is made) ends first. */
export interface OnceStmt extends StmtBase {
  kind: "Once";
  event: Name;
  binders: Name[];
  condition: Expr | null;
  body: Stmt[];
  /** "After each time ...": every time the event happens until the duration ends, not only the next. */
  each?: boolean;
  /** "After the next time A or B": other events it waits for, of which only the first to happen counts. */
  or?: OnceStmt[];
}
export interface AtEndStmt extends StmtBase {
  kind: "AtEnd";
  frame: Expr;
  body: Stmt[];
}
export interface ExprStmt extends StmtBase {
  kind: "ExprStmt";
  expr: Expr;
}
// scenario statements
export interface PlayersStmt extends StmtBase {
  kind: "Players";
  names: Name[];
}
export interface PutStmt extends StmtBase {
  kind: "Put";
  binder: Name | null;
  copies: number;
  title: PhraseText | null;
  adhocType: Name | null;
  adhocTitle: PhraseText | null;
  adhocBody: CardBody | null;
  zone: Expr;
}
export interface AnswerStmt extends StmtBase {
  kind: "Answer";
  player: Expr;
  parts: Expr[];
}
export interface TakeStmt extends StmtBase {
  kind: "Take";
  /** `force c by p`: the action is taken without checking that the game would allow it now. */
  forced: boolean;
  card: Expr;
  player: Expr;
  ability: number | null;
}
export interface ExpectStmt extends StmtBase {
  kind: "Expect";
  expr: Expr;
}
/** How a scenario's game must end: a winner and victory, a draw, or a refused deck. */
export interface ResultStmt extends StmtBase {
  kind: "Result";
  how: "winner" | "draw" | "refused";
  player: Expr | null;
  text: PhraseText;
}
export interface UnscriptedStmt extends StmtBase {
  kind: "Unscripted";
  mode: Name;
}
export interface BreakStmt extends StmtBase {
  kind: "Break";
}
export interface AllowRule {
  kind: "AllowRule";
  range: Range;
  timings: Name[];
  condition: Expr | null;
}
export interface WindowStmt extends StmtBase {
  kind: "Window";
  from: Expr;
  /** One opportunity, for `from` alone. */
  once: boolean;
  rules: AllowRule[];
}
export interface DeclareStmt extends StmtBase {
  kind: "Declare";
  /** null for a draw */
  winner: Expr | null;
  reason: Expr;
}
export interface EliminateStmt extends StmtBase {
  kind: "Eliminate";
  player: Expr;
  reason: Expr;
}
export interface RefuseStmt extends StmtBase {
  kind: "Refuse";
  message: Expr;
}
export interface ShuffleStmt extends StmtBase {
  kind: "Shuffle";
  zone: Expr;
}
export interface AttachStmt extends StmtBase {
  kind: "Attach";
  item: Expr;
  target: Expr;
}
export interface DetachStmt extends StmtBase {
  kind: "Detach";
  item: Expr;
}
export interface RememberStmt extends StmtBase {
  kind: "Remember";
  fact: Expr;
}
export interface OnStmt extends StmtBase {
  kind: "On";
  /** An event name, or a timing point written as a string ("before:duel.F"). */
  event: Name;
  isPoint: boolean;
  binders: Name[];
  body: Stmt[];
}

export type Stmt =
  | LetStmt | AssignStmt | IfStmt | ForStmt | WhileStmt | RepeatStmt | ReturnStmt | StopStmt | AbortStmt
  | EmitStmt | RunStmt | MoveStmt | CreateStmt | CeaseStmt | ModifyStmt | EndModifiersStmt | OverrideStmt
  | AddStmt | RemoveStmt | ResolveStmt | ClauseStmt | ChooseStmt | AtEndStmt | ExprStmt | PlayersStmt
  | PutStmt | AnswerStmt | TakeStmt | ExpectStmt | ResultStmt | UnscriptedStmt | OnStmt | BreakStmt | WindowStmt | DeclareStmt
  | EliminateStmt | RefuseStmt | ShuffleStmt | AttachStmt | DetachStmt | RememberStmt | LastingStmt | OnceStmt;

// ================================================================ expressions
export interface NumberExpr {
  kind: "Number";
  range: Range;
  value: number;
}
export interface StringExpr {
  kind: "String";
  range: Range;
  value: string;
}
export interface BoolExpr {
  kind: "Bool";
  range: Range;
  value: boolean;
}
export interface NoneExpr {
  kind: "None";
  range: Range;
}
export interface NameExpr {
  kind: "NameRef";
  range: Range;
  name: string;
}
export interface MemberExpr {
  kind: "Member";
  range: Range;
  object: Expr;
  member: Name;
}
export interface Argument {
  kind: "Argument";
  range: Range;
  name: Name | null;
  value: Expr;
}
export interface CallExpr {
  kind: "Call";
  range: Range;
  callee: Expr;
  args: Argument[];
}
export type BinaryOp = "or" | "and" | "==" | "!=" | "<" | "<=" | ">" | ">=" | "in" | "+" | "-" | "*" | "/";
export interface BinaryExpr {
  kind: "Binary";
  range: Range;
  op: BinaryOp;
  left: Expr;
  right: Expr;
}
export interface UnaryExpr {
  kind: "Unary";
  range: Range;
  op: "not" | "-";
  operand: Expr;
}
export interface IsExpr {
  kind: "Is";
  range: Range;
  subject: Expr;
  typeName: Name;
}
export interface HasExpr {
  kind: "Has";
  range: Range;
  subject: Expr;
  keyword: Name;
}
export interface IfExpr {
  kind: "IfExpr";
  range: Range;
  condition: Expr;
  then: Expr;
  else: Expr;
}
export interface ListExpr {
  kind: "List";
  range: Range;
  items: Expr[];
}
export interface ComprehensionExpr {
  kind: "Comprehension";
  range: Range;
  item: Expr;
  binder: Name;
  source: Expr;
  filter: Expr | null;
}
export interface ChooseFromExpr {
  kind: "ChooseFrom";
  range: Range;
  player: Expr;
  prompt: PhraseText;
  source: Expr;
}
export interface AskExpr {
  kind: "Ask";
  range: Range;
  player: Expr;
  prompt: PhraseText;
}
export interface UsesExpr {
  kind: "Uses";
  range: Range;
  abilityKind: Name;
  card: Expr | null;
  player: Expr;
  bindings: Argument[];
}
export interface AnnounceExpr {
  kind: "Announce";
  range: Range;
  use: Expr;
}
export interface ExistsExpr {
  kind: "Exists";
  range: Range;
  zone: Expr;
}
export interface EmittedExpr {
  kind: "Emitted";
  range: Range;
  event: Name;
  args: Argument[] | null;
}
export interface LastExpr {
  kind: "Last";
  range: Range;
  sequence: Name;
}
/** Scenario counts: decisions put with a prompt (`asked`), or offering an option label (`offered`). */
export interface AskedExpr {
  kind: "Asked";
  range: Range;
  what: "asked" | "offered";
  prompt: PhraseText;
}
export interface RandomExpr {
  kind: "Random";
  range: Range;
  source: Expr;
}
export interface NewZoneExpr {
  kind: "NewZone";
  range: Range;
  zone: Name;
  owner: Expr;
}
export interface AllZonesExpr {
  kind: "AllZones";
  range: Range;
  zone: Name;
  owner: Expr;
}
export interface CurrentExpr {
  kind: "Current";
  /** `current battle?`: none when no frame of the sequence is running. */
  optional: boolean;
  range: Range;
  sequence: Name;
}
export interface RememberedExpr {
  kind: "Remembered";
  range: Range;
  fact: Expr;
}
export interface ClosureExpr {
  kind: "Closure";
  range: Range;
  params: Param[];
  body: Stmt[];
}
/** Produced only by card-text lowering: an expression that stands for a resolved phrase. */
export type Expr =
  | NumberExpr | StringExpr | BoolExpr | NoneExpr | NameExpr | MemberExpr | CallExpr | BinaryExpr | UnaryExpr
  | IsExpr | HasExpr | IfExpr | ListExpr | ComprehensionExpr | ChooseFromExpr | AskExpr | UsesExpr
  | AnnounceExpr | ExistsExpr | EmittedExpr | LastExpr | AskedExpr | ClosureExpr | RandomExpr | NewZoneExpr
  | AllZonesExpr | CurrentExpr | RememberedExpr;

// ================================================================ card text
export interface CardText {
  kind: "CardText";
  range: Range;
  abilities: AbilityText[];
}
export interface AbilityHeader {
  kind: "AbilityHeader";
  range: Range;
  /** Slash-separated groups of words: "Political Battle/Open" is [[Political, Battle], [Open]]. */
  groups: TextWord[][];
  icons: TextIcon[];
}
export interface AbilityText {
  kind: "AbilityText";
  range: Range;
  header: AbilityHeader | null;
  /** Colon-separated parts after the header: constraints, then effects. */
  segments: TextSegment[];
}
export interface TextSegment {
  kind: "TextSegment";
  range: Range;
  sentences: Sentence[];
}
export interface Sentence {
  kind: "Sentence";
  range: Range;
  elements: TextElement[];
}
export interface TextWord {
  kind: "TextWord";
  range: Range;
  text: string;
}
export interface TextNumber {
  kind: "TextNumber";
  range: Range;
  text: string;
}
export interface TextIcon {
  kind: "TextIcon";
  range: Range;
  name: string;
}
export interface TextPunct {
  kind: "TextPunct";
  range: Range;
  text: string;
}
export interface TextParen {
  kind: "TextParen";
  range: Range;
  /** The words inside, for reminder text; never resolved as rules text. */
  text: string;
}
/** Color text ("_He centers himself._"): what the effects simulate, with no game impact. */
export interface TextColor {
  kind: "TextColor";
  range: Range;
  text: string;
}
export interface TextQuoted {
  kind: "TextQuoted";
  range: Range;
  ability: AbilityText;
}
export type TextElement = TextWord | TextNumber | TextIcon | TextPunct | TextParen | TextColor | TextQuoted;

export type Node = Decl | Stmt | Expr | Param | TypeRef | Name | Annotation | AbilityText | Sentence | TextElement;
