// The parts of a rules file a diff reports on: declarations, a sequence's headings, hooks, states and
// aborts, clauses, and the abilities of a card's text; how each is named; and source excerpts.
import type { DiffNode } from "./tree.ts";

const INNER_UNITS = new Set(["HeadingDecl", "Clause", "HookDecl", "StateDecl", "AbortDecl", "AbilityText"]);

export function isUnit(n: DiffNode): boolean {
  if (n.parent?.kind === "File") return true;
  // A card's own abilities, not a quoted one inside an ability ("gains "Battle: ..."").
  if (n.kind === "AbilityText") return n.parent?.kind === "CardText";
  return INNER_UNITS.has(n.kind);
}

/** The nearest unit at or above `n`. */
export function unitOf(n: DiffNode | null): DiffNode | null {
  for (let c = n; c; c = c.parent) if (isUnit(c)) return c;
  return null;
}

const DECL_WORDS: Record<string, string> = {
  RulesDecl: "rules", ValueDecl: "value", StatDecl: "stat", FlagDecl: "flag", KindDecl: "kind", TypeDecl: "type",
  KeywordDecl: "keyword", TimingDecl: "timing", ClanDecl: "clan", AdjectiveDecl: "adjective", ReferenceDecl: "reference",
  EventDecl: "event", FunctionDecl: "function", ParamDecl: "param", EffectDecl: "effect", SequenceDecl: "sequence",
  AbilityKindDecl: "ability", LaterDecl: "later", EntryDecl: "entry", CardDecl: "card", ScenarioDecl: "scenario",
  StatruleDecl: "statrule", AdviceDecl: "advise", DeckDecl: "deck", ConditionDecl: "condition", QualifierDecl: "qualifier", SearchDecl: "search", PlaceDecl: "place",
  PronounDecl: "pronoun",
};

interface Named {
  name?: { text: string };
  names?: { text: string }[];
  title?: string | { text: string };
  label?: { text: string } | null;
  phrases?: ({ text: string } | { text: { text: string } })[];
  words?: { text: string }[];
  isArea?: boolean;
  always?: boolean;
}

/** 'heading B "Focus pools"', 'param focusPoolSize', 'card "Sanctioned Duel"', 'clause "Discard all ..."'. */
export function describeUnit(n: DiffNode): string {
  const a = n.ast as Named;
  const title = typeof a.title === "string" ? a.title : a.title?.text;
  switch (n.kind) {
    case "HeadingDecl":
      return `${a.always ? "always " : ""}heading ${a.label ? `${a.label.text} ` : ""}"${title}"`;
    case "Clause":
      return `clause "${shorten(title ?? "", 70)}"`;
    case "HookDecl":
      return `hook ${a.name?.text}`;
    case "StateDecl":
      return `state ${a.name?.text}`;
    case "AbortDecl":
      return `abort when ${shorten(sliceOf(n).replace(/^abort when /, ""), 60)}`;
    case "AdviceDecl": {
      const d = n.ast as { prompt: { text: string }; label: { text: string } | null };
      return `advise "${shorten(d.prompt.text, 60)}"${d.label ? ` "${d.label.text}"` : ""}`;
    }
    case "AbilityText":
      return `ability ${(n.parent?.children.indexOf(n) ?? 0) + 1} "${shorten(sliceOf(n), 60)}"`;
    default: {
      const word = n.kind === "ZoneDecl" ? (a.isArea ? "area" : "zone") : (DECL_WORDS[n.kind] ?? n.kind);
      const name = a.name?.text ?? a.names?.map((x) => x.text).join(", ") ?? null;
      const phrase = a.phrases?.[0] ? ("text" in a.phrases[0] && typeof a.phrases[0].text === "string" ? a.phrases[0].text : (a.phrases[0].text as { text: string }).text) : null;
      if (n.kind === "SequenceDecl") return `sequence ${name} "${title}"`;
      if (name) return `${word} ${name}`;
      if (title !== undefined) return `${word} "${shorten(title, 70)}"`;
      if (phrase !== null) return `${word} "${shorten(phrase, 70)}"`;
      if (a.words) return `${word} ${a.words.map((w) => `"${w.text}"`).join(" ")}`;
      return word;
    }
  }
}

/** A node's source, on one line (white space folded), cut to a readable length. */
export function sliceOf(n: DiffNode, max = 110): string {
  return shorten(n.src.text.slice(n.range.start, n.range.end).replace(/\/\/[^\n]*/g, "").replace(/\s+/g, " ").trim(), max);
}

function shorten(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max - 1)}…`;
}
