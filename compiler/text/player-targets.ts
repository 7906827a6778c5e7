// Players as targets and choices: "Target a player", "Choose another player", "A target player gains or
// loses 2 Honor", "choose a player who loses 2 Honor".  Like a targeted card, the player is chosen when
// the ability is announced ("Targets are chosen when the action is announced", Twenty Festivals,
// Targeting), by the player whose ability it is; what the text says next names him ("He loses 2 Honor").
import { AstBuilder } from "./build.ts";
import type { LowerContext } from "./context.ts";
import { literalAt, rangeOfWords, startsWith, textOfWords, type Word } from "./words.ts";

/** Who a player phrase lets the chooser pick: any player, or another player than himself. */
const ANY_PLAYER = ["a player", "any player", "one player", "target player", "a target player", "any target player"].map((p) => p.split(" "));
const ANOTHER_PLAYER = ["another player", "an opponent", "another target player", "target opponent", "a target opponent"].map((p) => p.split(" "));

/** The player phrase at `pos` ("a player", "another target player"): whether it names only others, and
 *  where it ends; `targetOnly`: only those that say "target" (an effect's own slot: "a player" there is
 *  read as it always was). */
export function playerChoiceAt(words: readonly Word[], pos: number, targetOnly: boolean): { others: boolean; next: number } | null {
  let best: { others: boolean; next: number } | null = null;
  for (const [list, others] of [[ANY_PLAYER, false], [ANOTHER_PLAYER, true]] as const) {
    for (const p of list) {
      if (targetOnly && !p.includes("target")) continue;
      const k = startsWith(words, pos, p);
      if (k > 0 && (!best || pos + k > best.next)) best = { others, next: pos + k };
    }
  }
  return best;
}

/** Declares the choice of a player (the slot names him; "he", "his" stand for him next). */
export function declarePlayerChoice(cx: LowerContext, words: readonly Word[], others: boolean, targeting: boolean): string {
  const range = rangeOfWords(words, words[0]!.range);
  const b = new AstBuilder(range);
  const slot = cx.fresh(targeting ? "targetPlayer" : "chosenPlayer");
  const candidates = others ? b.comprehension("pl", b.ref("players"), b.bin("!=", b.ref("pl"), b.ref("you"))) : b.ref("players");
  cx.targets.push({ slot, prompt: `Choose ${textOfWords(words)}`, candidates, targeted: targeting, player: true });
  cx.pronouns.push({ name: slot, ty: "player", targeted: targeting, everywhere: true });
  return slot;
}

/**
 * "Target a player", "choose another player": the whole clause chooses a player; "choose a player(,) who
 * loses 2 Honor": then that player does what follows "who" (`then`: those words, with "he" for him).
 */
export function playerChoiceClause(words: readonly Word[]): { chosen: Word[]; others: boolean; targeting: boolean; then: Word[] | null } | null {
  const lead = literalAt(words, 0);
  if (lead !== "target" && lead !== "choose") return null;
  const p = playerChoiceAt(words, 1, false);
  if (!p) return null;
  const chosen = words.slice(1, p.next);
  const base = { chosen, others: p.others, targeting: lead === "target" };
  if (p.next === words.length) return { ...base, then: null };
  const who = literalAt(words, p.next) === "," ? p.next + 1 : p.next;
  if (literalAt(words, who) !== "who" || who + 1 >= words.length) return null;
  const he: Word = { t: "w", text: "he", lower: "he", range: words[who]!.range };
  return { ...base, then: [he, ...words.slice(who + 1)] };
}
