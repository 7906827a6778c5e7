// A later's or a duration's wordings, each with the event it waits for read with what its bracketed
// alternatives set: `later "before your [next (next = true)] turn ends" (next: bool = false) = once
// numberedTurnEnds(you, turnToEnd(you, next))` reads "before your turn ends" with `next` false and
// "before your next turn ends" with it true (grammar/phrase-settings.ts parses the settings; a parameter
// no alternative of the wording sets has its default).
import type * as A from "../../grammar/index.ts";
import { letExpr } from "../check/synthetic.ts";
import { declaredWordings, hasVariants, settingVariants } from "./phrase-variants.ts";
import { phraseWords } from "./words.ts";
import { settingsNamed, unsaidValue } from "./alternative-settings.ts";

type Waited = { event: A.Name; args: A.Expr[] } | null;

/** Each wording of `text` (the words and the phrase id coverage counts), with `event`'s arguments inside
 *  the values its alternatives give the declaration's parameters. */
export function settledWordings(
  decl: { readonly params: readonly A.Param[]; readonly phrases: readonly A.PhraseText[]; readonly wordingSettings: readonly { source: string; settings: A.Setting[] }[][] },
  index: number,
  event: Waited,
): { words: string[]; phrase?: string; event: Waited }[] {
  const text = decl.phrases[index]!.text;
  if (decl.params.length === 0 || !event) return declaredWordings(text).map((v) => ({ ...v, event }));
  const groups = decl.wordingSettings[index] ?? [];
  const phrase = hasVariants(text) ? phraseWords(text).join(" ") : undefined;
  return settingVariants(text).map((v) => {
    const set = settingsNamed(groups, v.settings);
    const args = event.args.map((a) => decl.params.reduceRight((body, p) => letExpr(p.name.text, unsaidValue({ decl, settings: set }, p.name.text)!, body, a.range), a));
    return { words: phraseWords(v.text), ...(phrase ? { phrase } : {}), event: { event: event.event, args } };
  });
}
