// Which declared keywords the rules give a meaning: those the rules (outside their declaration) name,
// in a `has` test, a string or a phrase, or that give cards text.  A card that prints a keyword with
// no rules behind it yet is not fully supported (`unsupported/keyword`): it would play as if the
// keyword were not there.
import type * as A from "../../grammar/index.ts";
import type { Symbols } from "../symbols.ts";
import { eachNode } from "../tree.ts";
import { keywordOf } from "./check-card-headers.ts";
import type { Diagnostics } from "../diagnostics.ts";

const meaningCache = new WeakMap<Symbols, Set<string>>();

export function keywordsWithMeaning(symbols: Symbols): Set<string> {
  let known = meaningCache.get(symbols);
  if (known) return known;
  const mentioned = new Set<string>();
  const words = new Set<string>();
  const note = (text: string): void => {
    mentioned.add(text);
    for (const w of text.split(/[^A-Za-z'-]+/)) if (w) words.add(w);
  };
  for (const file of symbols.files) {
    for (const d of file.decls) {
      if (d.kind === "KeywordDecl") {
        if (d.text) for (const n of d.names) mentioned.add(n.text);
        continue;
      }
      // Cards in a deck are not rules (a demo card naming a keyword gives it no meaning); rulebook
      // abilities, whose type is of no kind, are.
      if (d.kind === "CardDecl" && (symbols.types.get(d.body.type?.text ?? "")?.decl.kinds.length ?? 0) > 0) continue;
      if (d.kind === "DeckDecl" || d.kind === "ScenarioDecl") continue;
      eachNode(d, (node) => {
        const n = node as unknown as { kind: string };
        if (n.kind === "Has") mentioned.add((n as A.HasExpr).keyword.text);
        else if (n.kind === "String") note((n as A.StringExpr).value);
        else if (n.kind === "PhraseText") note((n as A.PhraseText).text);
        else if (n.kind === "TextWord") words.add((n as A.TextWord).text);
      });
    }
  }
  known = new Set<string>();
  for (const k of symbols.keywords.keys()) {
    if (mentioned.has(k) || (!k.includes(" ") && words.has(k)) || (k.includes(" ") && [...mentioned].some((m) => m.includes(k)))) known.add(k);
  }
  meaningCache.set(symbols, known);
  return known;
}

/** A warning for each keyword a card prints that the rules give no meaning yet. */
export function checkKeywordMeaning(symbols: Symbols, diags: Diagnostics, body: A.CardBody, file: A.SourceFile, title: string): void {
  const known = keywordsWithMeaning(symbols);
  for (const k of body.keywords) {
    const name = keywordOf(symbols, k.text);
    if (name !== null && !known.has(name)) {
      diags.warning("unsupported/keyword", `the keyword ${name} has no rules behind it yet (${title}); the card plays as if it did not have it`, file.path, k.range);
    }
  }
}
