// What a lead's bracketed alternatives set: `ability equipPermission "You may Equip this card [from your
// discard pile (from = "discard")|] [as a Battle action (battle = true)|]" (from: text = "hand", battle:
// bool = false)`.  A parameter of the kind with a default is the lead's to give, not the rules': a trait
// led by one wording holds to what it sets (else the default), so the rules asking `uses equipPermission
// of c for p (from: "discard", battle: true)` find only the traits whose lead said so.  One permission,
// restriction or period is one lead, the place, timing or period its setting.
import type * as A from "../../grammar/index.ts";
import { declaredWordings, hasVariants, settingVariants } from "./phrase-variants.ts";
import { phraseWords } from "./words.ts";
import { AstBuilder } from "./build.ts";
import { settingsNamed, unsaidValue } from "./alternative-settings.ts";

export interface LeadSetting {
  readonly name: string;
  readonly value: A.Expr;
}

/** Each wording of an ability kind's lead, with the values it gives the kind's parameters that have a
 *  default (`settled`: empty for a kind with none). */
export function leadWordings(decl: A.AbilityKindDecl, index: number): { words: string[]; phrase?: string; settled: LeadSetting[] }[] {
  const text = decl.leads[index]!.text;
  const settable = decl.params.filter((p) => p.init);
  if (settable.length === 0) return declaredWordings(text).map((v) => ({ ...v, settled: [] }));
  const groups = decl.wordingSettings[index] ?? [];
  const phrase = hasVariants(text) ? phraseWords(text).join(" ") : undefined;
  return settingVariants(text).map((v) => {
    const set = settingsNamed(groups, v.settings);
    const settled = settable.map((p) => ({ name: p.name.text, value: unsaidValue({ decl, settings: set }, p.name.text)! }));
    return { words: phraseWords(v.text), ...(phrase ? { phrase } : {}), settled };
  });
}

/** The conditions a trait led by the wording holds to: each settled parameter is what the wording gave it. */
export function leadConditions(settled: readonly LeadSetting[], range: A.Range, reRange: (e: A.Expr) => A.Expr): A.Expr[] {
  const b = new AstBuilder(range);
  return settled.map((s) => b.bin("==", b.ref(s.name), reRange(s.value)));
}
