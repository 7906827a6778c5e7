// The continuous layer is worked out again only before reading what a trait in play can make: the code
// generator lists, for each continuous trait, the rule parameters it may override and whether it may
// modify stats or give abilities (AbilityDef.layer); a trait without that list is applied again before
// any read, as before.
import { describe, expect, it } from "vitest";
import { bundle } from "../../generated/index.ts";
import { createGame, type AbilityDef, type CardDef, type Rt, type Use } from "../../runtime/api.ts";

function staticCard(key: string, ability: Omit<AbilityDef, "kind" | "text" | "timings" | "keywords">): CardDef {
  return { key, title: key, type: "Holding", clans: [], stats: {}, keywords: [], abilities: [{ kind: "static", text: key, timings: [], keywords: [], ...ability }], text: key };
}

/** A game with one card in play whose trait overrides `own` (and counts how often it is applied). */
function withTrait(layer: AbilityDef["layer"]) {
  const game = createGame({ bundle, players: ["p1", "p2"], seed: 1, fullLog: false });
  const engine = game.engine;
  const [p1] = game.players;
  let applied = 0;
  const card = staticCard("Trait Holder", {
    ...(layer ? { layer } : {}),
    *resolve(rt: Rt, u: Use) {
      applied++;
      rt.override("own", [u.player], 7, null);
    },
  });
  const c = engine.createCard(card, p1!, engine.zone("home", p1!), true);
  return { engine, p1: p1!, c, applied: () => applied };
}

describe("the continuous layer", () => {
  it("the generated cards list what their traits make", () => {
    const archives = bundle.cards.find((d) => d.title === "Imperial Archives")!;
    expect(archives.abilities[0]!.layer).toEqual({ params: ["maxHandSize"], stats: false, grants: false });
  });

  it("a trait that lists what it makes is not applied again before reading anything else", () => {
    const { engine, p1, c, applied } = withTrait({ params: ["own"], stats: false, grants: false });
    expect(engine.param("own", [p1])).toBe(7);
    const once = applied();
    engine.setFlag(c, "bowed", true);
    expect(engine.param("other", [p1])).toBeUndefined();
    expect(engine.overridden("other")).toBe(false);
    engine.stat(c, "force");
    expect(applied()).toBe(once);
    // Reading what it makes: applied again to the game as it is now.
    expect(engine.param("own", [p1])).toBe(7);
    expect(applied()).toBe(once + 1);
  });

  it("a trait without the list is applied again before any read after a change", () => {
    const { engine, p1, c, applied } = withTrait(undefined);
    expect(engine.param("own", [p1])).toBe(7);
    const once = applied();
    engine.setFlag(c, "bowed", true);
    expect(engine.param("other", [p1])).toBeUndefined();
    expect(applied()).toBe(once + 1);
  });

  it("a card that leaves play takes its trait's effects with it", () => {
    const { engine, p1, c } = withTrait({ params: ["own"], stats: false, grants: false });
    expect(engine.param("own", [p1])).toBe(7);
    engine.move(c, engine.zone("hand", p1), "top", false);
    expect(engine.param("own", [p1])).toBeUndefined();
  });
});
