// An event said of several cards takes the plural verb: "After one or more of your Personalities are
// destroyed", "After any of Ikeuchi's Followers are destroyed", "After your Personalities win a duel".
// A declared event phrase whose subject is a card ("{c} is destroyed", "{c} wins a duel") reads with the
// verb that agrees with a plural subject too; the event is the same (it happens to each card), so the
// phrase is the same phrase.  A player is "you" or "he": a phrase whose subject is a player reads with
// either form of its verb ("{p} bow {c}": "After each time its controller bows it").
import { templateOf, type Template } from "./lexicon.ts";

const IRREGULAR = new Map([
  ["is", "are"],
  ["was", "were"],
  ["has", "have"],
  ["does", "do"],
]);

/** The template with its verb made plural (each form it may take), none when it does not begin with a
 *  card slot and a verb in the third person singular. */
export function pluralEventTemplates(t: Template, declared: readonly Template[] = []): Template[] {
  const [subject, verb] = t.parts;
  if (!subject || !("slot" in subject) || !verb || !("lit" in verb)) return [];
  const forms = subject.ty.k === "card" ? pluralVerbs(verb.lit) : subject.ty.k === "player" ? [...pluralVerbs(verb.lit), ...singularVerbs(verb.lit)] : [];
  // (a form the event declares itself is read as that phrase: "{p} announces {u}" beside "{p} announce {u}")
  const own = new Set(declared.map(key));
  return forms
    .map((plural) => templateOf([subject, { lit: plural }, ...t.parts.slice(2)], t.literalCount))
    .filter((x) => !own.has(key(x)));
}

function key(t: Template): string {
  return t.parts.map((p) => ("lit" in p ? p.lit : `{${p.slot}}`)).join(" ");
}

/** "wins" → "win", "attaches" → "attach", "is" → "are"; "focuses" and "refuses" → "focus" or "focuse",
 *  "refus" or "refuse" (the words do not say which: a form no text uses never reads); none for a word
 *  that is not such a verb form. */
function pluralVerbs(w: string): string[] {
  const irregular = IRREGULAR.get(w);
  if (irregular) return [irregular];
  if (!/^[a-z]+s$/.test(w) || w.endsWith("ss") || w.length < 4) return [];
  if (/(sh|ch|x|z)es$/.test(w)) return [w.slice(0, -2)];
  if (/ses$/.test(w)) return [w.slice(0, -1), w.slice(0, -2)];
  return [w.slice(0, -1)];
}

/** "bow" → "bows", "lose" → "loses", "focus" → "focuses", "announce" → "announces"; none for a word
 *  that is already such a form or no verb ("gains", "'s"). */
export function singularVerbs(w: string): string[] {
  if (!/^[a-z]+$/.test(w) || w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us")) return [];
  if (w === "are") return ["is"];
  if (w === "have") return ["has"];
  if (/(ss|sh|ch|x|z|us)$/.test(w)) return [w + "es"];
  if (/[^aeiou]y$/.test(w)) return [w.slice(0, -1) + "ies"];
  return [w + "s"];
}
