// Decisions put to players.  Every decision is one choice among listed options; richer choices
// (an order, a subset) are a series of such decisions, which keeps agents and validation simple.
import type { Card, Player, Use, Zone } from "./model.ts";
import { playerOf } from "./state.ts";

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
  /** The card the decision is about, when the prompt does not say ("Put it into play?"): the card of
   *  the ability being used or of the running sequence, or the one the player has just chosen. */
  readonly about?: Card | null;
}

declare const madeFor: unique symbol;

/**
 * An answer to one decision: its id, an option's index and who answers.  Made only from the decision
 * itself (`choicesOf`, `defaultChoice`), so the types tie each option's answer to its decision; an
 * answer from outside (a client's message) is read with `readAnswer` and checked by the game.
 */
export interface Choice {
  readonly decision: number;
  readonly option: number;
  readonly player: string;
  readonly [madeFor]: "a decision's own option";
}

/** One answer for each of the decision's options, in order. */
export function choicesOf(d: Decision): readonly Choice[] {
  return d.options.map((_, option) => ({ decision: d.id, option, player: d.player.name }) as Choice);
}

/** The answer the player gives by not answering, if the decision has one. */
export function defaultChoice(d: Decision): Choice | null {
  return d.defaultIndex === null ? null : choicesOf(d)[d.defaultIndex]!;
}

/** How a zone reads for a person: its label, whose it is, and which of several ("Lion Honor's province 2"). */
export function describeZone(z: Zone): string {
  const p = playerOf(z);
  const which = z.def.many ? ` ${z.key.slice(z.key.lastIndexOf(".") + 1)}` : "";
  if (p) return `${p.name}'s ${z.def.label}${which}`;
  const owner = z.owner;
  if (owner && "cards" in owner) return `${z.def.label} at ${describeZone(owner)}`;
  if (owner && "def" in owner) return `${z.def.label} of ${(owner as Card).def.title}`;
  return `${z.def.label}${which}`;
}

/** How an option reads in logs and prompts: its label and what it names. */
export function describeOption(o: Option): string {
  // A zone is named by the option's label when it has one ("province 1 of Lion Honor").
  const subject = o.card ? `${o.card.def.title}#${o.card.id}` : o.player ? o.player.name : o.use ? `${o.use.card.def.title}#${o.use.card.id}` : o.zone && !o.label ? describeZone(o.zone) : "";
  return subject && subject !== o.label ? (o.label ? `${o.label} ${subject}` : subject) : o.label;
}

/** The prompt with the card it is about named, when the prompt does not name it. */
export function describePrompt(d: Decision): string {
  const about = d.about;
  return about && !d.prompt.includes(about.def.title) ? `${d.prompt} (${about.def.title})` : d.prompt;
}
