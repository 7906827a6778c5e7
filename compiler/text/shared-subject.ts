// "Destroy it if it is not Cavalry and has no attachments", "Bow it if it is attacking or has no
// attachments", "unless he is Fire or Thunder": the condition after "and" or "or" shares the subject of
// the one before it (and, with no "not" after the verb, the verb too: "is Fire or Thunder").
import type { LowerContext } from "./context.ts";
import { literalAt, type Word } from "./words.ts";

const SHARED_VERBS = new Set(["is", "was", "has", "had"]);

/** The ways the words after "and"/"or" may read as a condition of their own: as written, then with
 *  the first condition's subject, then with its subject and verb. */
export function sharedSubjectReadings(cx: LowerContext, left: readonly Word[], right: readonly Word[]): readonly Word[][] {
  const out: Word[][] = [[...right]];
  // (a right side that begins with a subject of its own is not one that shares the left's)
  if (cx.matcher.cardPhrases(right, 0, right.length).some((p) => p.v.k !== "select" || p.next > 1) || literalAt(right, 0) === "you") return out;
  const subjects = cx.matcher.cardPhrases(left, 0, left.length).filter((p) => p.v.k !== "select" && p.next < left.length);
  for (const s of subjects) {
    out.push([...left.slice(0, s.next), ...right]);
    const verb = literalAt(left, s.next);
    if (verb && SHARED_VERBS.has(verb) && literalAt(left, s.next + 1) !== "not") out.push([...left.slice(0, s.next + 1), ...right]);
  }
  return out;
}
