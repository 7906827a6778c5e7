// Which card types a reference names when its own noun says nothing of a type: "this Shugenja" (a
// keyword) is declared with the same body as "this Personality", so it names a Personality ("“This”
// before a keyword ... refers to the Personality in the attachment's unit": Twenty Festivals, "This"),
// and "its" after it is not the Shugenja.
import type * as A from "../../grammar/index.ts";
import type { LowerContext } from "./context.ts";
import type { Reference } from "./lexicon.ts";
import type { Word } from "./words.ts";

const known = new WeakMap<Reference, Set<string> | null>();

/** The card types that every reference declared with the same body as `ref`, whose noun is a type,
 *  names (each name says what the card is: "this unit" is also a unit), or null when none does. */
export function typesOfSameReference(cx: LowerContext, ref: Reference): Set<string> | null {
  if (known.has(ref)) return known.get(ref)!;
  const body = exprKey(ref.decl.body);
  let out = null as Set<string> | null;
  for (const other of cx.lex.references) {
    if (other === ref || exprKey(other.decl.body) !== body) continue;
    const range = other.decl.body.range;
    const words: Word[] = ["a", ...other.words.slice(1)].map((w) => ({ t: "w", text: w, lower: w.toLowerCase(), range }));
    const np = cx.matcher.wholeCardPhrase(words, 0, words.length);
    const types = np && np.k === "select" && np.noun.kind !== "keyword" ? cx.nounTypes(np.noun) : null;
    if (types) out = out ? new Set([...out].filter((t: string) => types.has(t))) : types;
  }
  known.set(ref, out);
  return out;
}

/** An expression's shape, its ranges left out (two declarations of the same body give the same key). */
function exprKey(e: A.Expr): string {
  return JSON.stringify(e, (key, value: unknown) => (key === "range" ? undefined : value));
}
