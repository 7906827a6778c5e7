// The engine API a game server uses: per-player views and logs that never hold a card the rules hide
// from that player, snapshots that restore to a game going on identically (and undo), entries pushed
// to subscribers, `fullLog: false` keeping the decisions, typed answers, prompts naming their card.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { bundle, decks } from "../../generated/index.ts";
import {
  choicesOf,
  createGame,
  defaultChoice,
  IllegalAnswer,
  readAnswer,
  restore,
  snapshot,
  undo,
  type Card,
  type Decision,
  type Game,
  type LogEntry,
  type Player,
  type DecisionView,
  type PlayerView,
} from "../../runtime/api.ts";

const main = bundle.entries.game!;
const seated = [decks[0]!, decks[1]!];
const names = ["Crane", "Lion"];

function newGame(seed: number, fullLog = true): Game {
  const g = createGame({ bundle, players: names, decks: seated, seed, fullLog });
  g.start(main);
  return g;
}

/** The same answer for the same decision, game after game: a hash of the seed and the decision's id. */
function answerFor(seed: number, d: Decision): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(d.id, 0xc2b2ae35);
  h ^= h >>> 13;
  return (h >>> 0) % d.options.length;
}

/** Answers until the game ends or `decisions` have been answered. */
function play(g: Game, seed: number, decisions = Infinity): void {
  for (let n = 0; n < decisions && !g.finished; n++) {
    const d = g.pending()!;
    g.answer({ decision: d.id, option: answerFor(seed, d) });
  }
}

/** The test's own statement of what a player may know of a card where it is now: nothing in a hidden
 *  zone; in a private zone, only if it is theirs; elsewhere, only face up. */
function mayKnow(viewer: Player, c: Card): boolean {
  let owner: unknown = c.zone.owner;
  while (owner && typeof owner === "object" && "cards" in owner) owner = (owner as unknown as { owner: unknown }).owner;
  const holder = owner && typeof owner === "object" && "eliminated" in owner ? owner : null;
  switch (c.zone.def.visibility) {
    case "hidden":
      return false;
    case "private":
      return holder === viewer;
    default:
      return c.faceUp;
  }
}

/** The cards a log entry names ("Title#id"). */
function cardsNamed(g: Game, e: LogEntry): Card[] {
  const out: Card[] = [];
  const visit = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (typeof v === "string")
      for (const m of v.matchAll(/#(\d+)\b/g)) {
        const c = g.engine.state.cards[Number(m[1]) - 1];
        if (c && v.slice(0, m.index).endsWith(c.def.title)) out.push(c);
      }
  };
  Object.values(e).forEach(visit);
  return out;
}

/** Does anything reachable from `v` (its own properties and getters, to any depth) lead to the game's
 *  cards, zones or players? */
function reachesGame(v: unknown, seen = new Set<unknown>()): boolean {
  if (v === null || typeof v !== "object" || seen.has(v)) return false;
  seen.add(v);
  // Cards and zones carry their definition; players and cards keep their zones in Maps.
  if ("def" in v || v instanceof Map || v instanceof Set) return true;
  const proto = Object.getPrototypeOf(v) as object | null;
  const getters = proto && proto !== Object.prototype && proto !== Array.prototype ? Object.keys(Object.getOwnPropertyDescriptors(proto)).filter((k) => k !== "constructor") : [];
  return [...Object.keys(v), ...getters].some((k) => reachesGame((v as Record<string, unknown>)[k], seen));
}

const offeredTo = (p: Player, d: Decision | null) => new Set(d && d.player === p ? d.options.flatMap((o) => [o.card, o.use?.card].filter((c): c is Card => !!c)) : []);

describe("per-player views", () => {
  it("no player's view or log ever holds a card the rules hide from that player (property over seeded games)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
        const g = createGame({ bundle, players: names, decks: seated, seed });
        const problems: string[] = [];
        let redacted = 0;
        let answering: Decision | null = null;
        for (const p of g.players) {
          g.subscribe(
            (e) => {
              const allowed = e.kind === "decision" ? offeredTo(p, answering) : new Set<Card>();
              for (const c of cardsNamed(g, e)) if (!mayKnow(p, c) && !allowed.has(c)) problems.push(`${p.name}'s log names ${c.def.title}#${c.id} in ${c.zone.key}: ${JSON.stringify(e)}`);
              if (JSON.stringify(e).includes("a hidden card")) redacted++;
            },
            { player: p.name },
          );
        }
        g.start(main);
        for (let n = 0; !g.finished && n < 4000; n++) {
          const d = g.pending()!;
          if (n % 7 === 0) {
            for (const p of g.players) {
              const view: PlayerView = g.view(p.name);
              const offered = offeredTo(p, d);
              for (const z of view.zones)
                for (const cv of z.cards) {
                  const c = g.engine.state.cards[cv.id - 1]!;
                  if (c.def.title !== cv.title || (!mayKnow(p, c) && !offered.has(c))) problems.push(`${p.name}'s view shows ${cv.title}#${cv.id} in ${c.zone.key}`);
                }
              // Not empty either: every card of the player's own hand is there, and the other's is a count.
              const hand = g.engine.state.zone("hand", p);
              const handView = view.zones.find((z) => z.kind === "hand" && z.player === p.name);
              expect(handView?.cards.map((c) => c.id) ?? []).toEqual(hand.cards.map((c) => c.id));
              const other = g.players.find((q) => q !== p)!;
              const otherHand = view.zones.find((z) => z.kind === "hand" && z.player === other.name);
              expect([otherHand?.count ?? 0, otherHand?.cards.length ?? 0]).toEqual([g.engine.state.zone("hand", other).cards.length, 0]);
              expect(view.pending?.options === null).toBe(d.player !== p);
              // What an agent is shown is data: nothing it holds leads back to cards, zones or players.
              expect(reachesGame(view)).toBe(false);
            }
          }
          answering = d;
          g.answer({ decision: d.id, option: answerFor(seed, d) });
          answering = null;
        }
        expect(problems).toEqual([]);
        expect(redacted).toBeGreaterThan(0);
      }),
      { numRuns: 4 },
    );
  });

  it("the random agent is shown only its player's view", () => {
    const g = createGame({ bundle, players: names, decks: seated, seed: 5 });
    let shown = 0;
    g.setAgent(null, {
      seesOnly: "view",
      decide(d: DecisionView, view: () => PlayerView) {
        shown++;
        expect(reachesGame(d)).toBe(false);
        expect(JSON.parse(JSON.stringify(d))).toMatchObject({ id: d.id, player: d.player, optionCount: d.optionCount });
        if (shown % 50 === 0) expect(view().viewer).toBe(d.player);
        return (shown * 7919) % d.options!.length;
      },
    });
    g.start(main);
    expect(g.finished).toBe(true);
    expect(shown).toBe(g.answers.length);
  });
});

describe("snapshots", () => {
  it("a snapshot taken at a random step and restored gives the identical remaining log (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 1500 }), (seed, step) => {
        const a = newGame(seed);
        play(a, seed, step);
        const snap = JSON.parse(JSON.stringify(snapshot(a)));
        const b = restore(bundle, main, snap);
        expect(b.log).toEqual(a.log);
        expect(b.pending()?.id).toBe(a.pending()?.id);
        play(a, seed);
        play(b, seed);
        expect(b.result).toEqual(a.result);
        expect(b.log.length).toBe(a.log.length);
        expect(b.log).toEqual(a.log);
      }),
      { numRuns: 5 },
    );
  });

  it("undo goes back to the decision before the last answers; a snapshot of other rules or none is refused", () => {
    const g = newGame(11);
    play(g, 11, 30);
    const before = g.pending()!;
    const logBefore = g.log.length;
    play(g, 11, 3);
    const back = undo(bundle, main, g, 3);
    expect(back.pending()!.id).toBe(before.id);
    expect(back.log.length).toBe(logBefore);
    expect(back.answers).toEqual(g.answers.slice(0, -3));
    expect(() => restore(bundle, main, { ...snapshot(g), seed: 12 })).toThrow(/other rules/);
    expect(() => restore(bundle, main, {} as never)).toThrow(/not a game snapshot/);
  });
});

describe("pushed events, fullLog: false, typed answers, prompts", () => {
  it("subscribers get every entry as it happens; fullLog: false keeps the decisions and still pushes everything", () => {
    const full = createGame({ bundle, players: names, decks: seated, seed: 3 });
    // (What a game logs while it is created, before anyone can subscribe, is the decks' cards.)
    const created = full.log.length;
    full.start(main);
    const pushed: LogEntry[] = [];
    const quiet = createGame({ bundle, players: names, decks: seated, seed: 3, fullLog: false });
    quiet.subscribe((e) => pushed.push(e));
    quiet.start(main);
    play(full, 3, 200);
    play(quiet, 3, 200);
    expect(pushed).toEqual(full.log.slice(created));
    expect(quiet.log).toEqual(full.log.filter((e) => e.kind === "decision"));
    expect(quiet.log).toHaveLength(200);
  });

  it("answers come from the decision (choicesOf, defaultChoice); an answer from outside is read and checked", () => {
    const g = newGame(4);
    const d = g.pending()!;
    const choices = choicesOf(d);
    expect(choices.map((c) => [c.decision, c.option, c.player])).toEqual(d.options.map((_, i) => [d.id, i, d.player.name]));
    expect(defaultChoice(d)?.option ?? null).toBe(d.defaultIndex);
    expect(() => readAnswer({ decision: "1", option: 0 })).toThrow(IllegalAnswer);
    expect(() => g.answer(readAnswer({ decision: d.id, option: 99 }))).toThrow(IllegalAnswer);
    g.answer(choices[choices.length - 1]!);
    expect(g.pending()!.id).toBe(d.id + 1);
  });

  it("a prompt that does not name its card says which it is about", () => {
    const g = newGame(3);
    const legacy: LogEntry[] = [];
    g.subscribe((e) => e.kind === "decision" && String(e.prompt).startsWith("Put it into play") && legacy.push(e));
    play(g, 3);
    const all = g.log.filter((e) => e.kind === "decision" && String(e.prompt).startsWith("Put it into play"));
    expect(all.length).toBeGreaterThan(0);
    for (const e of all) expect(e.about).toMatch(/^.+#\d+$/);
    const prompts = new Set(g.log.filter((e) => e.kind === "decision").map((e) => String(e.prompt)));
    for (const p of prompts) expect(p).not.toMatch(/\((before|after):|\(\w+[A-Z]\w*\)\?$/);
  });
});
