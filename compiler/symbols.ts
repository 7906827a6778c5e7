// The program's declarations, indexed by name, and where each lives (its file and generated module).
import type * as A from "../grammar/index.ts";

export interface Declared<D> {
  readonly decl: D;
  readonly file: A.SourceFile;
}

export type Callable =
  | { readonly kind: "function"; readonly decl: A.FunctionDecl; readonly file: A.SourceFile }
  | { readonly kind: "param"; readonly decl: A.ParamDecl; readonly file: A.SourceFile }
  | { readonly kind: "effect"; readonly decl: A.EffectDecl; readonly file: A.SourceFile }
  | { readonly kind: "sequence"; readonly decl: A.SequenceDecl; readonly file: A.SourceFile };

export interface Symbols {
  readonly files: readonly A.SourceFile[];
  readonly values: Map<string, Declared<A.ValueDecl>>;
  readonly stats: Map<string, Declared<A.StatDecl>>;
  readonly flags: Map<string, Declared<A.FlagDecl>>;
  readonly kinds: Map<string, Declared<A.KindDecl>>;
  readonly types: Map<string, Declared<A.TypeDecl>>;
  readonly zones: Map<string, Declared<A.ZoneDecl>>;
  /** By the keyword's text ("Clan Champion"). */
  readonly keywords: Map<string, Declared<A.KeywordDecl>>;
  /** Keywords a card may print with a level after them (`keyword "Experienced {level}"`: "Experienced 2"). */
  readonly levelledKeywords: Set<string>;
  readonly timings: Map<string, Declared<A.TimingDecl>>;
  readonly clans: Map<string, Declared<A.ClanDecl>>;
  readonly events: Map<string, Declared<A.EventDecl>>;
  readonly callables: Map<string, Callable>;
  readonly abilityKinds: Map<string, Declared<A.AbilityKindDecl>>;
  readonly laters: Declared<A.LaterDecl>[];
  readonly references: Declared<A.ReferenceDecl>[];
  readonly adjectives: Declared<A.AdjectiveDecl>[];
  readonly entries: Map<string, Declared<A.EntryDecl>>;
  /** By title. */
  readonly cards: Map<string, Declared<A.CardDecl>>;
  readonly scenarios: Declared<A.ScenarioDecl>[];
  /** By stat name. */
  readonly statrules: Map<string, Declared<A.StatruleDecl>>;
  /** What options are worth to a player playing to win, in source order. */
  readonly advice: Declared<A.AdviceDecl>[];
  /** By title. */
  readonly decks: Map<string, Declared<A.DeckDecl>>;
  readonly conditions: Declared<A.ConditionDecl>[];
  readonly qualifiers: Declared<A.QualifierDecl>[];
  readonly searches: Declared<A.SearchDecl>[];
  /** Decks, zones, locations and provinces card text names (compiler/text/places.ts). */
  readonly places: Declared<A.PlaceDecl>[];
  readonly pronouns: Declared<A.PronounDecl>[];
  readonly icons: Declared<A.IconDecl>[];
  readonly durations: Declared<A.DurationDecl>[];
}

export function emptySymbols(files: readonly A.SourceFile[]): Symbols {
  return {
    files,
    values: new Map(), stats: new Map(), flags: new Map(), kinds: new Map(), types: new Map(), zones: new Map(),
    keywords: new Map(), levelledKeywords: new Set(), timings: new Map(), clans: new Map(), events: new Map(), callables: new Map(),
    abilityKinds: new Map(), laters: [], references: [], adjectives: [], entries: new Map(), cards: new Map(),
    scenarios: [], statrules: new Map(), advice: [], decks: new Map(), conditions: [], qualifiers: [], searches: [], places: [], pronouns: [], icons: [], durations: [],
  };
}

/**
 * The generated module a source file compiles to: rules/duels.l5r → rules/duels,
 * rules/cards/x.l5r → cards/x, rules/scenarios/x.l5r → scenarios/x, any other file → extra/<name>.
 */
export function modulePathOf(path: string): string {
  let module = modulePaths.get(path);
  if (module === undefined) modulePaths.set(path, (module = computeModulePath(path)));
  return module;
}

/** Module paths by file path: a compile asks for the same files' modules for each card and each call. */
const modulePaths = new Map<string, string>();

function computeModulePath(path: string): string {
  const norm = path.replace(/\\/g, "/").replace(/^\.\//, "");
  const base = norm.replace(/\.l5r$/, "").split("/").pop()!.replace(/[^A-Za-z0-9_-]/g, "_");
  const m = /(?:^|\/)rules\/(.*)\.l5r$/.exec(norm);
  if (m) {
    const rest = m[1]!;
    if (rest.startsWith("cards/")) return "cards/" + rest.slice(6).replace(/[^A-Za-z0-9_/-]/g, "_");
    if (rest.startsWith("scenarios/")) return "scenarios/" + rest.slice(10).replace(/[^A-Za-z0-9_/-]/g, "_");
    return "rules/" + rest.replace(/[^A-Za-z0-9_/-]/g, "_");
  }
  return "extra/" + base;
}
