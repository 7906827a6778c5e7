// What one player may see of a game: for a server that must not show any player what the rules hide.
// Generic: the rules declare each zone public, private (its player looks at it: a hand, a focus pool)
// or hidden (nobody does: a deck), and cards are face up or down.  A player sees the cards of their
// own private zones, the face-up cards of public zones, and only how many cards the rest hold; the
// options of their own pending decision (a search shows them the cards it searches); and the log with
// every card they could not see when it happened written as a hidden card.  A card shown is shown with
// its stats as the game works them out now, and an option with the worth the rules' advice gives it.
import type { Card, Player, Zone } from "./model.ts";
import type { Decision } from "./decisions.ts";
import { describeOption, describePrompt, describeZone } from "./decisions.ts";
import type { LogEntry } from "./log.ts";
import type { GameState } from "./state.ts";
import { playerOf } from "./state.ts";

/** A card as a player sees it (only cards they may see are shown at all). */
export interface CardView {
  readonly id: number;
  readonly title: string;
  readonly type: string;
  readonly faceUp: boolean;
  readonly owner: string;
  readonly controller: string;
  /** Its states that are set ("bowed", "dishonored"...). */
  readonly flags: readonly string[];
  /** The card it is attached to (always one the player sees: both are in play). */
  readonly attachedTo: number | null;
  /** Its stats as the game works them out now (those it prints), by stat name. */
  readonly stats: Readonly<Record<string, number>>;
}

export interface ZoneView {
  /** The zone as a person reads it ("Lion Honor's hand"), and its kind and whose it is. */
  readonly name: string;
  readonly kind: string;
  readonly player: string | null;
  /** Cards in it are in play (the rules declare which zones are). */
  readonly inPlay: boolean;
  /** Who sees its cards, as the rules declare: everyone (face-up cards), its player, or nobody. */
  readonly visibility: "public" | "private" | "hidden";
  /** Every card in it, seen or not. */
  readonly count: number;
  /** The cards the player sees, in the zone's order (top first). */
  readonly cards: readonly CardView[];
  readonly values: Readonly<Record<string, number>>;
}

export interface OptionView {
  readonly index: number;
  readonly label: string;
  /** What the option names, as the player sees it. */
  readonly text: string;
  readonly card: CardView | null;
  readonly player: string | null;
  /** What the rules advise the option is worth to the deciding player (`advise`), or null when they
   *  give no advice for it. */
  readonly advice: number | null;
}

export interface DecisionView {
  readonly id: number;
  /** Who decides. */
  readonly player: string;
  /** The prompt, naming the card it is about when that card is one the viewer sees. */
  readonly prompt: string;
  readonly about: CardView | null;
  readonly optionCount: number;
  /** The options: for the deciding player only (the others see that a decision is being made). */
  readonly options: readonly OptionView[] | null;
  readonly defaultIndex: number | null;
}

export interface PlayerView {
  readonly viewer: string;
  readonly players: readonly { readonly name: string; readonly values: Readonly<Record<string, number>>; readonly eliminated: boolean }[];
  readonly zones: readonly ZoneView[];
  readonly pending: DecisionView | null;
}

/** What a view is made from: the game's state, its stats as worked out now, and the rules' advice. */
export interface Seen {
  readonly state: GameState;
  stat(c: Card, stat: string): number;
  /** The worth the rules' advice gives option `index` of `d`, or null without advice. */
  advise(d: Decision, index: number): number | null;
}

/** What the rules let `viewer` see of a card where it is now. */
export function sees(viewer: Player, c: Card): boolean {
  const v = c.zone.def.visibility;
  if (v === "hidden") return false;
  if (v === "private") return playerOf(c.zone) === viewer;
  return c.faceUp;
}

/** The cards `viewer` may see because a pending decision of theirs offers them. */
function offered(viewer: Player, pending: Decision | null): ReadonlySet<Card> {
  if (!pending || pending.player !== viewer) return EMPTY;
  const out = new Set<Card>();
  for (const o of pending.options) {
    if (o.card) out.add(o.card);
    if (o.use) out.add(o.use.card);
  }
  return out;
}

const EMPTY: ReadonlySet<Card> = new Set();

function cardView(seen: Seen, c: Card): CardView {
  const stats: Record<string, number> = {};
  for (const k in c.def.stats) stats[k] = seen.stat(c, k);
  return {
    id: c.id,
    title: c.def.title,
    type: c.def.type,
    faceUp: c.faceUp,
    owner: c.owner.name,
    controller: c.controller.name,
    flags: Object.keys(c.flags).filter((f) => c.flags[f]),
    attachedTo: c.attachedTo?.id ?? null,
    stats,
  };
}

/** The decision as `viewer` sees it.  What it says is worked out when first read (an agent that only
 *  counts the options costs nothing more). */
export function decisionView(seen: Seen, viewer: Player, d: Decision, canSee?: (c: Card) => boolean): DecisionView {
  return new LazyDecisionView(seen, viewer, d, canSee ?? null);
}

/** What a decision view is made from, kept out of the view itself (in a private field): an agent
 *  handed the view cannot walk from it to the game. */
interface Behind {
  readonly seen: Seen;
  readonly viewer: Player;
  readonly d: Decision;
  /** (null: what the viewer sees or is offered, worked out when first needed) */
  readonly canSee: ((c: Card) => boolean) | null;
  about?: Card | null;
  options?: readonly OptionView[] | null;
}

class LazyDecisionView implements DecisionView {
  readonly id: number;
  readonly player: string;
  readonly optionCount: number;
  readonly defaultIndex: number | null;
  // A private field, not a WeakMap entry: one is made for every decision of every game, and a
  // WeakMap entry costs the garbage collector far more than a field.
  readonly #behind: Behind;

  constructor(seen: Seen, viewer: Player, d: Decision, canSee: ((c: Card) => boolean) | null) {
    this.id = d.id;
    this.player = d.player.name;
    this.optionCount = d.options.length;
    this.defaultIndex = d.defaultIndex;
    this.#behind = { seen, viewer, d, canSee };
  }

  private static shownAbout(b: Behind): Card | null {
    if (b.about !== undefined) return b.about;
    const c = b.d.about;
    return (b.about = c && (b.canSee ? b.canSee(c) : sees(b.viewer, c) || offered(b.viewer, b.d).has(c)) ? c : null);
  }

  get prompt(): string {
    const b = this.#behind;
    return LazyDecisionView.shownAbout(b) ? describePrompt(b.d) : b.d.prompt;
  }

  get about(): CardView | null {
    const b = this.#behind;
    const c = LazyDecisionView.shownAbout(b);
    return c ? cardView(b.seen, c) : null;
  }

  get options(): readonly OptionView[] | null {
    const b = this.#behind;
    b.options ??=
      b.d.player === b.viewer
        ? b.d.options.map((o, index) => {
            const card = o.card ?? o.use?.card ?? null;
            return { index, label: o.label, text: describeOption(o), card: card ? cardView(b.seen, card) : null, player: o.player?.name ?? null, advice: b.seen.advise(b.d, index) };
          })
        : null;
    return b.options;
  }

  /** Plain data (what JSON and a client get). */
  toJSON(): object {
    return { id: this.id, player: this.player, prompt: this.prompt, about: this.about, optionCount: this.optionCount, options: this.options, defaultIndex: this.defaultIndex };
  }
}

/** The game as `viewer` may see it now. */
export function playerView(seen: Seen, viewer: Player, pending: Decision | null): PlayerView {
  const { state } = seen;
  const shown = offered(viewer, pending);
  const canSee = (c: Card) => sees(viewer, c) || shown.has(c);
  const zones: ZoneView[] = [];
  for (const z of state.allZones()) {
    if (!z.exists) continue;
    zones.push(zoneView(seen, z, canSee));
  }
  return {
    viewer: viewer.name,
    players: state.players.map((p) => ({ name: p.name, values: { ...p.values }, eliminated: p.eliminated })),
    zones,
    pending: pending ? decisionView(seen, viewer, pending, canSee) : null,
  };
}

function zoneView(seen: Seen, z: Zone, canSee: (c: Card) => boolean): ZoneView {
  const cards: CardView[] = [];
  for (const c of z.cards) if (canSee(c)) cards.push(cardView(seen, c));
  return { name: describeZone(z), kind: z.def.name, player: playerOf(z)?.name ?? null, inPlay: z.def.inPlay, visibility: z.def.visibility, count: z.cards.length, cards, values: { ...z.values } };
}

/** What a log entry says to `viewer`: every card they do not see now written as "a hidden card" (the
 *  log names a card as "Title#id"; a name that is no card's, a sequence's "duel#3", is left as it is). */
export function entryFor(state: GameState, viewer: Player, entry: LogEntry, pending: Decision | null = null): LogEntry {
  const shown = offered(viewer, pending);
  const hidden = (c: Card) => !sees(viewer, c) && !shown.has(c);
  let changed = false;
  const redact = (v: unknown): unknown => {
    if (typeof v === "string") {
      const out = v.includes("#") ? hideCards(v, state, hidden) : v;
      if (out !== v) changed = true;
      return out;
    }
    return Array.isArray(v) ? v.map(redact) : v;
  };
  const fields = Object.entries(entry).map(([k, v]) => [k, redact(v)] as const);
  return changed ? (Object.fromEntries(fields) as LogEntry) : entry;
}

function hideCards(text: string, state: GameState, hidden: (c: Card) => boolean): string {
  let out = "";
  let from = 0;
  for (const m of text.matchAll(/#(\d+)\b/g)) {
    const c = state.cards[Number(m[1]) - 1];
    const at = m.index;
    if (!c || !text.slice(from, at).endsWith(c.def.title) || !hidden(c)) continue;
    out += `${text.slice(from, at - c.def.title.length)}a hidden card`;
    from = at + m[0].length;
  }
  return from === 0 ? text : out + text.slice(from);
}
