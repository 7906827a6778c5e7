// What a declared condition's, qualifier's or lead's wording gives a parameter it has no slot for: the setting of
// one of its bracketed alternatives (`[lower (rel = "<")|higher (rel = ">")]`, grammar/phrase-settings.ts),
// else the parameter's default.  (An effect's settings are read with its frame: sentences.ts.)
import type * as A from "../../grammar/index.ts";
import type { LowerContext } from "./context.ts";

export interface Settable {
  readonly decl: { readonly params: readonly A.Param[] };
  readonly settings?: readonly A.Setting[];
}

/** What a wording's alternatives set: the settings of each alternative it names (`settingVariants`'s
 *  sources), as its phrase's `wordingSettings` hold them. */
export function settingsNamed(groups: readonly { readonly source: string; readonly settings: readonly A.Setting[] }[] | undefined, sources: readonly string[]): A.Setting[] {
  return sources.flatMap((source) => groups?.find((g) => g.source === source)?.settings ?? []);
}

/** The value the wording gives `name` without a slot, or null (a parameter with neither). */
export function unsaidValue(phrase: Settable, name: string): A.Expr | null {
  const set = phrase.settings?.find((s) => s.name.text === name)?.value;
  return set ?? phrase.decl.params.find((p) => p.name.text === name)?.init ?? null;
}

/** The same, located where card text says the phrase. */
export function unsaidAt(cx: LowerContext, phrase: Settable, name: string, range: A.Range): A.Expr | null {
  const v = unsaidValue(phrase, name);
  return v ? cx.reRange(v, range) : null;
}
