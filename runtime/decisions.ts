// Decisions put to players.  Every decision is one choice among listed options; richer choices
// (an order, a subset) are a series of such decisions, which keeps agents and validation simple.
import type { Card, Player, Use, Zone } from "./model.ts";

export interface Option {
  readonly label: string;
  readonly card?: Card;
  readonly player?: Player;
  readonly use?: Use;
  /** A zone the option names (a battlefield, a province). */
  readonly zone?: Zone;
}

export interface Decision {
  /** Increases by one for every decision of a game; an answer must name the pending one. */
  readonly id: number;
  readonly player: Player;
  readonly prompt: string;
  readonly options: readonly Option[];
  /** The answer a player gives by not answering (pass, decline, keep the order), if any. */
  readonly defaultIndex: number | null;
}

/** How an option reads in logs and prompts: its label and what it names. */
export function describeOption(o: Option): string {
  const subject = o.card ? `${o.card.def.title}#${o.card.id}` : o.player ? o.player.name : o.use ? `${o.use.card.def.title}#${o.use.card.id}` : o.zone ? o.zone.key : "";
  return subject && subject !== o.label ? (o.label ? `${o.label} ${subject}` : subject) : o.label;
}
