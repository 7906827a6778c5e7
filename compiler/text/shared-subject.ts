// Two conditions joined by "and" (or "or") whose second says no subject of its own share the first's:
// "If he has no attachments and is dishonorable, ...", "Destroy it if it is not Cavalry and has no
// attachments", "While you control any Ancestor Personalities or have any dead Personalities in your
// discard pile, ...".  English leaves the subject out; the condition read is the second with the
// first's subject put back ("he is dishonorable").  The second may leave out the verb too: "If you have
// fewer Provinces than each other player, or exactly one Province" ("you have exactly one Province"),
// "unless he is Fire or Thunder" ("he is Thunder"; not after "is not", where "or" joins what is denied).
import type { LowerContext } from "./context.ts";
import { literalAt, type Word } from "./words.ts";

/** Verbs a condition's predicate may begin with, after its subject (predicates.ts reads them). */
const VERBS = new Set(["is", "are", "has", "have", "does", "do", "did", "was", "were", "had", "control", "controls", "own", "owns"]);

/** The ways the words after "and"/"or" may read with the first condition's subject (then its subject
 *  and verb) put back, most likely first; the caller keeps the first that reads as a condition. */
export function sharedConditionReadings(cx: LowerContext, left: readonly Word[], right: readonly Word[]): Word[][] {
  const out: Word[][] = [];
  // A right side that begins with a subject of its own does not share the left's.
  if (literalAt(right, 0) === "you" || cx.matcher.cardPhrases(right, 0, right.length).some((p) => p.v.k !== "select" || p.next > 1)) return out;
  const verb = firstVerb(left);
  const rightHasVerb = VERBS.has(literalAt(right, 0) ?? "");
  if (verb > 0 && rightHasVerb) out.push([...left.slice(0, verb), ...right]);
  if (verb > 0 && !rightHasVerb && right.length > 0 && literalAt(left, verb + 1) !== "not") out.push([...left.slice(0, verb + 1), ...right]);
  // Subjects the card-text matcher reads (a description of several words before its verb).
  for (const s of cx.matcher.cardPhrases(left, 0, left.length).filter((p) => p.v.k !== "select" && p.next < left.length)) {
    out.push([...left.slice(0, s.next), ...right]);
    const v = literalAt(left, s.next);
    if (v && VERBS.has(v) && literalAt(left, s.next + 1) !== "not") out.push([...left.slice(0, s.next + 1), ...right]);
  }
  return out;
}

/** Where the first verb after a subject is (not the first word), or -1. */
function firstVerb(words: readonly Word[]): number {
  for (let i = 1; i < words.length - 1; i++) if (VERBS.has(literalAt(words, i) ?? "")) return i;
  return -1;
}
