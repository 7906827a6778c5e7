// A place an event's zone slot names, as a filter on where the event happened: "After this Follower
// enters play from your hand", "After Ryo enters play from a Province", "After a Personality enters play
// from this Province" (`event entersFrom(c: card, origin: zone) "{c} enters play from {origin}"`).  The
// place is read as the zones it names (one, or the domain a place like "a Province" ranges over), and
// the occurrence fits when its zone is one of them (compiler/text/places.ts reads places).
import type * as A from "../../grammar/index.ts";
import { T } from "../types.ts";
import type { SlotValue } from "./match.ts";
import { AstBuilder } from "./build.ts";
import type { LowerContext } from "./context.ts";
import { placeExpr } from "./places.ts";
import { slotExpr } from "./conditions.ts";

type PlaceValue = Extract<SlotValue, { ty: "zone" }>;

/** `subject` (the occurrence's zone) is one of the zones the place names; null when it cannot be read. */
export function placeFilter(cx: LowerContext, slot: PlaceValue, subject: A.Expr): A.Expr | null {
  const zones = placeExpr(cx, slot, T.list(T.zone), (s) => slotExpr(cx, s));
  return zones ? new AstBuilder(subject.range).bin("in", subject, zones) : null;
}
