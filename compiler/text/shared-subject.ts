// "If he has no attachments and is dishonorable, ...", "While you control any Ancestor Personalities or
// have any dead Personalities in your discard pile, ...": two conditions joined by "and" (or "or") whose
// second says no subject of its own shares the first's.  English leaves the subject out; the condition
// read is the second with the first's subject put back ("he is dishonorable").  "If you have fewer
// Provinces than each other player, or exactly one Province" leaves out the verb too: the second is
// read with the first's subject and verb ("you have exactly one Province").
import { literalAt, type Word } from "./words.ts";

/** Verbs a condition's predicate may begin with, after its subject (predicates.ts reads them). */
const VERBS = new Set(["is", "are", "has", "have", "does", "do", "did", "was", "were", "control", "controls", "own", "owns"]);

/**
 * `right` with the subject of `left` before it, when `right` begins with a verb and `left` is a
 * subject followed by a verb ("he has no attachments" + "is dishonorable" = "he is dishonorable"); else
 * null.  The subject is what comes before the first verb of `left`.
 */
export function withSharedSubject(left: readonly Word[], right: readonly Word[]): Word[] | null {
  if (!VERBS.has(literalAt(right, 0) ?? "")) return null;
  const verb = firstVerb(left);
  return verb > 0 ? [...left.slice(0, verb), ...right] : null;
}

/** `right` with the subject and verb of `left` before it ("you have" + "exactly one Province"), when
 *  `right` has no verb of its own first; else null. */
export function withSharedVerb(left: readonly Word[], right: readonly Word[]): Word[] | null {
  if (right.length === 0 || VERBS.has(literalAt(right, 0) ?? "")) return null;
  const verb = firstVerb(left);
  return verb > 0 ? [...left.slice(0, verb + 1), ...right] : null;
}

/** Where the first verb after a subject is (not the first word), or -1. */
function firstVerb(words: readonly Word[]): number {
  for (let i = 1; i < words.length - 1; i++) if (VERBS.has(literalAt(words, i) ?? "")) return i;
  return -1;
}
