// A list of verbs sharing a qualifier of actions: "your action that bowed, destroyed, or moved a
// Personality" is an action that bowed one, or destroyed one, or moved one ("or" joins the verbs as it
// joins effects: any of them).  Each verb is read in the place of the list, with the words before the
// list (the relative word: "that", "which") and the words after it (what it did that to), as a declared
// qualifier of actions ("that bowed {c}", rules/action-results.l5r); the list reads when every verb
// does, up to the same word.
import type { Lexicon } from "./lexicon.ts";
import type { QualifierUse } from "./match.ts";
import type { ActionReader } from "./actions.ts";
import { literalAt, type Word } from "./words.ts";

/** The most verbs a list may join. */
const MAX_VERBS = 4;

/** Each way a verb list of action qualifiers reads from `at`: the qualifiers, one for each verb (any of
 *  them holds), and where the reading ends. */
export function qualifierChoices(lex: Lexicon, reader: ActionReader, words: readonly Word[], at: number, end: number): { anyOf: QualifierUse[]; next: number }[] {
  const verbs = verbListAt(words, at + 1, end);
  if (!verbs || at >= end) return [];
  const restAt = verbs.next;
  // The readings of each verb in the list's place, by where they end (in the words after the list).
  const byVerb = verbs.at.map((v) => {
    const said = [words[at]!, words[v]!, ...words.slice(restAt, end)];
    const found = new Map<number, QualifierUse>();
    for (const q of lex.useQualifiers)
      for (const m of reader.matchPrefix(q.template, said, 0, said.length, q.params[0]?.name)) {
        const next = restAt + m.next - 2;
        if (m.next > 2 && !found.has(next)) found.set(next, { q, slots: m.slots });
      }
    return found;
  });
  const out: { anyOf: QualifierUse[]; next: number }[] = [];
  for (const [next, first] of byVerb[0]!) {
    const rest = byVerb.slice(1).map((m) => m.get(next));
    if (rest.every((r) => r !== undefined)) out.push({ anyOf: [first, ...(rest as QualifierUse[])], next });
  }
  return out;
}

/** "bowed, destroyed, or moved", "bowed or destroyed": the positions of the verbs (single words) and the
 *  position after the list; null when the words there are no such list. */
function verbListAt(words: readonly Word[], pos: number, end: number): { at: number[]; next: number } | null {
  const at: number[] = [];
  let i = pos;
  while (i < end && at.length < MAX_VERBS) {
    const w = words[i];
    if (!w || w.t !== "w" || w.lower === "or" || w.lower === "and") return null;
    at.push(i);
    const sep = literalAt(words, i + 1);
    if (sep === "or") return at.length >= 1 && i + 2 < end && isVerb(words[i + 2]) ? { at: [...at, i + 2], next: i + 3 } : null;
    if (sep === "," && literalAt(words, i + 2) === "or") return i + 3 < end && isVerb(words[i + 3]) ? { at: [...at, i + 3], next: i + 4 } : null;
    if (sep !== ",") return null;
    i += 2;
  }
  return null;
}

function isVerb(w: Word | undefined): boolean {
  return w !== undefined && w.t === "w" && w.lower !== "or" && w.lower !== "and";
}
