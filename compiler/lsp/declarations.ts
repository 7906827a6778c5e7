// Declarations by name, cards by title, and the declared phrase a run of card text reads as: what
// hover and go-to-definition look up.
import type { AbilityText, CardDecl, Name, Range, Sentence, SourceFile } from "../../grammar/index.ts";
import { cardHeader } from "../card-header.ts";
import { phrasesReading } from "../text/lexicon.ts";
import { PhraseMatcher } from "../text/match.ts";
import { wordsOf } from "../text/words.ts";
import type { Knowledge } from "./workspace.ts";
import { innermost, type TreeNode } from "./locate.ts";

export interface Declaration {
  /** What kind of thing it declares ("effect", "zone", "card"...). */
  readonly what: string;
  readonly decl: TreeNode;
  /** The name (or title) in the declaration, where a definition goes. */
  readonly at: Range;
  readonly file: SourceFile;
}

/** Every declaration a name may refer to, by kind of thing (the symbol table's maps). */
export function declarationOf(k: Knowledge, name: string): Declaration | null {
  const s = k.symbols;
  const tables: [string, ReadonlyMap<string, { decl: unknown; file: SourceFile }>][] = [
    ["function", s.callables],
    ["event", s.events],
    ["zone", s.zones],
    ["value", s.values],
    ["stat", s.stats],
    ["flag", s.flags],
    ["kind", s.kinds],
    ["type", s.types],
    ["ability kind", s.abilityKinds],
    ["entry", s.entries],
    ["timing", s.timings],
    ["clan", s.clans],
    ["keyword", s.keywords],
  ];
  for (const [what, table] of tables) {
    const found = table.get(name);
    if (!found) continue;
    const decl = found.decl as TreeNode & { name?: Name; names?: Name[] };
    const named = decl.name ?? decl.names?.find((n) => n.text === name) ?? null;
    const kind = what === "function" ? (found as { kind?: string }).kind ?? what : what;
    return { what: kind, decl, at: named?.range ?? decl.range, file: found.file };
  }
  return null;
}

export function cardOf(k: Knowledge, title: string): Declaration | null {
  const found = k.symbols.cards.get(title);
  return found ? { what: "card", decl: found.decl as unknown as TreeNode, at: found.decl.title.range, file: found.file } : null;
}

/** A card as printed, in Markdown: title, type · clans · stats · keywords · traits, then its text. */
export function cardMarkdown(k: Knowledge, card: CardDecl, text: string): string {
  const h = cardHeader(card);
  const label = (stat: string) => k.symbols.stats.get(stat)?.decl.label ?? stat;
  const meta = [...(h.type ? [`*${h.type}*`] : []), ...h.clans.map((c) => c.text), ...h.stats.map((s) => `${label(s.name)} ${s.shown}`), ...h.keywords.map((w) => `**${w.text}**`), ...h.traits.map((t) => `_${t.text}_`)];
  const abilities = h.abilities.map((a: AbilityText) => text.slice(a.range.start, a.range.end).replace(/\s*\n\s*/g, " "));
  return [`**${h.title}**`, meta.join(" · "), ...abilities].filter(Boolean).join("\n\n");
}

/** The comment lines right above a declaration (its documentation), without the slashes. */
export function docComment(file: SourceFile, at: number): string {
  const lines = file.text.slice(0, at).split("\n");
  lines.pop();
  const out: string[] = [];
  while (lines.length && /^\s*\/\//.test(lines[lines.length - 1]!)) out.unshift(lines.pop()!.replace(/^\s*\/\/ ?/, ""));
  return out.join("\n");
}

/** A declaration's first lines as written (up to its body), for a hover. */
export function declarationHead(file: SourceFile, decl: TreeNode): string {
  const text = file.text.slice(decl.range.start, decl.range.end);
  const lines = text.split("\n");
  const head: string[] = [];
  for (const l of lines) {
    head.push(l);
    if (/\{\s*$/.test(l) || head.length >= 8) break;
  }
  return head.join("\n").replace(/\s*\{\s*$/, "");
}

export interface PhraseAt {
  readonly declaration: Declaration;
  /** The declared phrase as written ("bow {c}"). */
  readonly phrase: string;
  /** The words of the card text it reads. */
  readonly range: Range;
}

/** The declared effect or event phrase that the card text around `offset` reads as (the one with the
 *  most literal words that covers the word under the cursor), found by the compiler's phrase matcher. */
export function phraseAt(k: Knowledge, file: SourceFile, offset: number): PhraseAt | null {
  const lex = k.lexicon;
  const sentence = innermost(file, offset, ["Sentence"]) as unknown as Sentence | null;
  if (!lex || !sentence) return null;
  const words = wordsOf(sentence.elements);
  const at = words.findIndex((w) => w.range.start <= offset && offset <= w.range.end);
  if (at < 0) return null;
  const matcher = new PhraseMatcher(lex);
  let best: { literals: number; what: "effect" | "event"; name: string; phrase: string; end: number; start: number } | null = null;
  for (let start = 0; start <= at; start++) {
    for (const p of phrasesReading(lex.effectsByFirst, words, start)) {
      for (const m of matcher.matchPrefix(p.template, words, start, words.length)) {
        if (m.next > at && (!best || m.literals > best.literals)) best = { literals: m.literals, what: "effect", name: p.effect.decl.name.text, phrase: templateText(p.template), start, end: m.next };
      }
    }
    for (const p of phrasesReading(lex.eventsByFirst, words, start)) {
      for (const m of matcher.matchPrefix(p.template, words, start, words.length)) {
        if (m.next > at && (!best || m.literals > best.literals)) best = { literals: m.literals, what: "event", name: p.event, phrase: templateText(p.template), start, end: m.next };
      }
    }
  }
  if (!best) return null;
  const declaration = declarationOf(k, best.name);
  if (!declaration) return null;
  return { declaration, phrase: best.phrase, range: { start: words[best.start]!.range.start, end: words[best.end - 1]!.range.end } };
}

function templateText(t: { parts: readonly ({ lit: string } | { slot: string })[] }): string {
  return t.parts.map((p) => ("lit" in p ? p.lit : `{${p.slot}}`)).join(" ");
}
