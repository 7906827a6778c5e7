// A declared condition whose player slot names players it does not choose: "if the destruction was not
// from another player's card effect", "if each player has ...".  The condition holds when it holds of
// some of those players ("another player", "a player") or of every one ("each player", "each other
// player"), each read in the slot in turn; a slot naming one player ("you", "his controller") is a value.
import type * as A from "../../grammar/index.ts";
import type { AstBuilder } from "./build.ts";
import type { SlotValue } from "./match.ts";

export interface PlayerQuantifier {
  readonly name: string;
  /** Only the players other than you. */
  readonly others: boolean;
  /** Every one of them, not some. */
  readonly every: boolean;
}

/** The players a condition's player slot ranges over, or null when it names one player. */
export function quantifiedPlayer(name: string, slot: SlotValue | undefined): PlayerQuantifier | null {
  if (slot?.ty !== "player" || slot.v.k !== "other") return null;
  const q = slot.v.quant;
  return { name, others: q === "another" || q === "eachOther", every: q === "each" || q === "eachOther" };
}

/** `body`, held of some (or every) player each quantifier ranges over. */
export function overPlayers(b: AstBuilder, quantifiers: readonly PlayerQuantifier[], body: A.Expr): A.Expr {
  return quantifiers.reduceRight((acc, q) => {
    const other = b.bin("!=", b.ref(q.name), b.ref("you"));
    const fits = q.every ? b.not(acc) : acc;
    const players = b.comprehension(q.name, b.ref("players"), q.others ? b.and([other, fits]) : fits);
    return b.bin(q.every ? "==" : ">", b.call("count", [{ value: players }]), b.num(0));
  }, body);
}
