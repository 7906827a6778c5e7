// The lexicon of card text, built from the declared vocabulary: which words name card types and
// keywords (nouns), filters (adjectives), references, stats, effects, events, timing points, delays
// and ability kinds.  Nothing here is an L5R word: every entry comes from rules/.
import type * as A from "../../grammar/index.ts";
import type { Callable, Symbols } from "../symbols.ts";
import type { Checker } from "../check/checker.ts";
import { T, type Ty } from "../types.ts";
import { phraseWords } from "./words.ts";

export type TemplatePart = { readonly lit: string } | { readonly slot: string; readonly ty: Ty };

export interface Template {
  readonly parts: readonly TemplatePart[];
  readonly literalCount: number;
}

export interface EffectPhrase {
  readonly effect: Extract<Callable, { kind: "effect" }>;
  readonly template: Template;
  readonly settings: readonly A.Setting[];
}

export interface EventPhrase {
  readonly event: string;
  readonly params: readonly { name: string; ty: Ty }[];
  readonly template: Template;
}

export interface Noun {
  readonly words: readonly string[];
  readonly kind: "type" | "keyword" | "any";
  readonly name: string;
  readonly plural: boolean;
}

export type AdjectiveMeaning =
  | { readonly k: "declared"; readonly decl: A.AdjectiveDecl; readonly file: A.SourceFile }
  | { readonly k: "flag"; readonly flag: string; readonly value: boolean }
  | { readonly k: "keyword"; readonly keyword: string }
  | { readonly k: "target" };

export interface Adjective {
  readonly words: readonly string[];
  readonly meaning: AdjectiveMeaning;
}

export interface Reference {
  readonly words: readonly string[];
  readonly decl: A.ReferenceDecl;
  readonly file: A.SourceFile;
  /** Names the reference needs from its context (a hook's `loser`, an ability kind's `duel`). */
  readonly needs: readonly string[];
}

export interface Later {
  readonly words: readonly string[];
  readonly seq: string;
}

export interface KindLead {
  readonly words: readonly string[];
  readonly kind: string;
  readonly params: readonly { name: string; ty: Ty }[];
}

export interface PointPhrase {
  readonly words: readonly string[];
  /** `duel.F` */
  readonly point: string;
  readonly seq: string;
}

export interface Lexicon {
  readonly effects: EffectPhrase[];
  readonly events: EventPhrase[];
  readonly nouns: Noun[];
  readonly adjectives: Adjective[];
  readonly references: Reference[];
  readonly laters: Later[];
  readonly kindLeads: KindLead[];
  readonly points: PointPhrase[];
  /** Stat names by their words ("personal honor") and short letters for bonuses ("F"). */
  readonly stats: { readonly words: readonly string[]; readonly stat: string }[];
  readonly statShort: Map<string, string>;
  readonly timings: Set<string>;
  readonly keywords: Set<string>;
}

export function compileTemplate(text: string, params: ReadonlyMap<string, Ty>): Template {
  const parts: TemplatePart[] = [];
  let literalCount = 0;
  for (const w of phraseWords(text)) {
    const m = /^\{([^}]+)\}$/.exec(w);
    if (m) parts.push({ slot: m[1]!, ty: params.get(m[1]!) ?? T.error });
    else {
      parts.push({ lit: w });
      literalCount++;
    }
  }
  return { parts, literalCount };
}

const BUILTIN_NAMES = new Set(["you", "self", "active", "players"]);

/** Free names of an expression that are neither global nor builtin: what it needs from context. */
export function freeNames(e: A.Expr, symbols: Symbols, bound: ReadonlySet<string> = new Set()): string[] {
  const out = new Set<string>();
  const visit = (x: A.Expr, b: ReadonlySet<string>): void => {
    switch (x.kind) {
      case "NameRef":
        if (!b.has(x.name) && !BUILTIN_NAMES.has(x.name) && !symbols.stats.has(x.name) && !symbols.zones.has(x.name)) out.add(x.name);
        return;
      case "Member":
        return visit(x.object, b);
      case "Call":
        if (x.callee.kind !== "NameRef") visit(x.callee, b);
        for (const a of x.args) visit(a.value, b);
        return;
      case "Binary":
        visit(x.left, b);
        return visit(x.right, b);
      case "Unary":
        return visit(x.operand, b);
      case "Is":
      case "Has":
        return visit(x.subject, b);
      case "IfExpr":
        visit(x.condition, b);
        visit(x.then, b);
        return visit(x.else, b);
      case "List":
        for (const i of x.items) visit(i, b);
        return;
      case "Comprehension": {
        visit(x.source, b);
        const inner = new Set(b).add(x.binder.text);
        visit(x.item, inner);
        if (x.filter) visit(x.filter, inner);
        return;
      }
      default:
        return;
    }
  };
  visit(e, bound);
  return [...out];
}

function pluralOf(word: string): string {
  if (/[^aeiou]y$/i.test(word)) return word.slice(0, -1) + "ies";
  if (/(s|x|ch|sh)$/i.test(word)) return word + "es";
  if (/i$/i.test(word)) return word;
  return word + "s";
}

function byLengthDesc<E extends { words: readonly string[] }>(list: E[]): E[] {
  return list.sort((a, b) => b.words.length - a.words.length);
}

export function buildLexicon(symbols: Symbols, checker: Checker): Lexicon {
  const effects: EffectPhrase[] = [];
  const events: EventPhrase[] = [];
  for (const c of symbols.callables.values()) {
    if (c.kind !== "effect") continue;
    const params = new Map(c.decl.params.map((p) => [p.name.text, checker.resolveType(p.type, c.file)] as const));
    for (const p of c.decl.phrases) effects.push({ effect: c, template: compileTemplate(p.text.text, params), settings: p.settings });
  }
  for (const [name, ev] of symbols.events) {
    const params = ev.decl.params.map((p) => ({ name: p.name.text, ty: checker.resolveType(p.type, ev.file) }));
    const map = new Map(params.map((p) => [p.name, p.ty] as const));
    for (const p of ev.decl.phrases) events.push({ event: name, params, template: compileTemplate(p.text, map) });
  }

  const nouns: Noun[] = [
    { words: ["card"], kind: "any", name: "card", plural: false },
    { words: ["cards"], kind: "any", name: "card", plural: true },
  ];
  for (const [name, t] of symbols.types) {
    nouns.push({ words: phraseWords(name), kind: "type", name, plural: false });
    nouns.push({ words: phraseWords(t.decl.plural), kind: "type", name, plural: true });
  }
  const adjectives: Adjective[] = [{ words: ["target"], meaning: { k: "target" } }];
  for (const name of symbols.keywords.keys()) {
    nouns.push({ words: phraseWords(name), kind: "keyword", name, plural: false });
    const plural = phraseWords(name);
    plural[plural.length - 1] = pluralOf(plural[plural.length - 1]!);
    nouns.push({ words: plural, kind: "keyword", name, plural: true });
    adjectives.push({ words: phraseWords(name), meaning: { k: "keyword", keyword: name } });
  }
  for (const [name, f] of symbols.flags) {
    adjectives.push({ words: phraseWords(f.decl.yes), meaning: { k: "flag", flag: name, value: true } });
    adjectives.push({ words: phraseWords(f.decl.no), meaning: { k: "flag", flag: name, value: false } });
  }
  for (const a of symbols.adjectives) {
    for (const p of a.decl.phrases) adjectives.push({ words: phraseWords(p.text), meaning: { k: "declared", decl: a.decl, file: a.file } });
  }

  const references: Reference[] = [];
  for (const r of symbols.references) {
    const needs = freeNames(r.decl.body, symbols);
    for (const p of r.decl.phrases) references.push({ words: phraseWords(p.text), decl: r.decl, file: r.file, needs });
  }

  const laters: Later[] = [];
  for (const l of symbols.laters) for (const p of l.decl.phrases) laters.push({ words: phraseWords(p.text), seq: l.decl.sequence.text });

  const kindLeads: KindLead[] = [];
  for (const [name, k] of symbols.abilityKinds) {
    kindLeads.push({
      words: phraseWords(k.decl.lead.text),
      kind: name,
      params: k.decl.params.map((p) => ({ name: p.name.text, ty: checker.resolveType(p.type, k.file) })),
    });
  }

  const points: PointPhrase[] = [];
  for (const c of symbols.callables.values()) {
    if (c.kind !== "sequence") continue;
    c.decl.headings.forEach((h, i) => {
      points.push({ words: phraseWords(h.title.text), point: `${c.decl.name.text}.${h.label?.text ?? String(i + 1)}`, seq: c.decl.name.text });
    });
  }

  const stats: { words: string[]; stat: string }[] = [];
  const statShort = new Map<string, string>();
  for (const [name, s] of symbols.stats) {
    stats.push({ words: phraseWords(s.decl.label), stat: name });
    if (s.decl.short) statShort.set(s.decl.short, name);
  }

  return {
    effects,
    events,
    nouns: byLengthDesc(nouns),
    adjectives: byLengthDesc(adjectives),
    references: byLengthDesc(references),
    laters: byLengthDesc(laters),
    kindLeads: byLengthDesc(kindLeads),
    points: byLengthDesc(points),
    stats: byLengthDesc(stats),
    statShort,
    timings: new Set(symbols.timings.keys()),
    keywords: new Set(symbols.keywords.keys()),
  };
}
