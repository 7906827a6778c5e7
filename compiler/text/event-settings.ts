// What an event's wording says of the occurrences it names beyond its slots: a parameter a bracketed
// alternative sets, or one with a default, that the wording has no slot for.  `event recruits(p: player,
// c: card, origin: text = "anywhere") "{p} [recruit|recruits] {c} [from a Province (origin =
// \"province\")|]"`: "After you Recruit Noekam" fires on the occurrences emitted with `origin` "anywhere",
// "After you Recruit this Holding from a Province" on those with "province".  A slot's value filters as
// it always has ("you", "a Personality"); a parameter with neither a slot, a setting nor a default is not
// filtered.  So the rules emit an occurrence once for each description it fits (a Recruit from a
// Province is also a Recruit), and the wordings that say it more narrowly name only those.
// (grammar/phrase-settings.ts parses the settings; the checker's checkWordingSettings checks them.)
import type * as A from "../../grammar/index.ts";
import { settingVariants } from "./phrase-variants.ts";
import { AstBuilder } from "./build.ts";
import { settingsNamed, unsaidValue } from "./alternative-settings.ts";

/** The values a wording's occurrences must have, by parameter: those it sets or leaves to a default. */
export type UnsaidFilters = ReadonlyMap<string, A.Expr>;

/** Each wording of an event's phrases (the phrase it is a wording of, its text, and what it filters). */
export function eventWordings(decl: A.EventDecl): { phrase: string; variant: string; unsaid: UnsaidFilters | null }[] {
  return decl.phrases.flatMap((p, i) =>
    settingVariants(p.text).map((v) => {
      const groups = decl.wordingSettings[i] ?? [];
      const set = settingsNamed(groups, v.settings);
      const unsaid = new Map<string, A.Expr>();
      for (const param of decl.params) {
        if (v.text.includes(`{${param.name.text}}`)) continue;
        const value = unsaidValue({ decl, settings: set }, param.name.text);
        if (value) unsaid.set(param.name.text, value);
      }
      return { phrase: p.text, variant: v.text, unsaid: unsaid.size > 0 ? unsaid : null };
    }),
  );
}

/** The filter a wording puts on the parameter `name` it has no slot for (`subject` is the occurrence's
 *  argument), located where card text says the event; null when it puts none. */
export function unsaidFilter(
  unsaid: UnsaidFilters | null | undefined,
  name: string,
  subject: A.Expr,
  reRange: (e: A.Expr, range: A.Range) => A.Expr,
): A.Expr | null {
  const value = unsaid?.get(name);
  return value ? new AstBuilder(subject.range).bin("==", subject, reRange(value, subject.range)) : null;
}

/** Does another wording of the event's phrase name the parameter (`[{c}|{p}] wins a duel`: "you win this
 *  duel" names the player, not the card)?  A wording that leaves it out says nothing of it. */
export function namedByOtherWording(ev: { readonly id: string }, name: string): boolean {
  return ev.id.includes(`{${name}}`);
}
