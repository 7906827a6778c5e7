// Conditions on the other players as a whole: "if any other player controls a Personality", "If no
// other player has an Imperial Stronghold" (a player has the cards he controls), "If there are more
// than two players".  ("another player controls ...": predicates.ts, controls.)
import type * as A from "../../grammar/index.ts";
import { literalAt as word, startsWith, type Word } from "./words.ts";
import type { AstBuilder } from "./build.ts";
import type { LowerContext } from "./context.ts";
import { controlledBy } from "./control-predicates.ts";
import { howMany } from "./condition-counts.ts";

const SOME: readonly (readonly string[])[] = [["any", "other", "player"], ["any", "opponent"]];
const NONE: readonly (readonly string[])[] = [["no", "other", "player"], ["no", "opponent"]];

/** "any other player controls <cards>", "no other player has <cards>", or null. */
export function otherPlayersControl(cx: LowerContext, words: readonly Word[], end: number, b: AstBuilder): A.Expr | null {
  for (const [forms, none] of [[SOME, false], [NONE, true]] as const) {
    for (const f of forms) {
      const n = startsWith(words, 0, f);
      if (n <= 0) continue;
      const verb = word(words, n);
      if (verb !== "controls" && verb !== "has" && verb !== "owns") continue;
      const held = controlledBy(cx, words, n + 1, end, b, (p) => b.bin("!=", p, b.ref("you")), undefined, verb === "owns" ? "owner" : "controller");
      if (!held) continue;
      return none && held.kind === "Binary" ? b.bin("==", held.left, held.right) : held;
    }
  }
  return null;
}

/** "there are more than two players", "there are exactly three players": how many play. */
export function playersCounted(cx: LowerContext, words: readonly Word[], end: number, b: AstBuilder, quiet: boolean): A.Expr | null {
  if (word(words, 0) !== "there" || (word(words, 1) !== "are" && word(words, 1) !== "is")) return null;
  const count = howMany(cx, words, 2, end, b, quiet);
  if (!count || count.next !== end - 1 || (word(words, end - 1) !== "players" && word(words, end - 1) !== "player")) return null;
  return b.bin(count.op, b.call("count", [{ value: b.ref("players") }]), count.n);
}
