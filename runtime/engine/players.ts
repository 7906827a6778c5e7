// The engine's players: the active player, turn order, elimination and the end of the game, what
// the game remembers, and each player's named values.
import type { Player } from "../model.ts";
import { DeckRefused, GameOver } from "../errors.ts";
import { EngineBase } from "./base.ts";

export abstract class EnginePlayers extends EngineBase {
  // ================================================================ players
  get players(): readonly Player[] {
    return this.state.players;
  }

  get active(): Player {
    if (!this.activePlayer) return this.fail("there is no active player");
    return this.activePlayer;
  }

  setActive(p: Player): void {
    this.version++;
    this.activePlayer = p;
    if (this.log.full) this.log.add({ kind: "active", player: p.name });
  }

  nextPlayer(p: Player): Player {
    const all = this.state.players;
    for (let i = 1; i <= all.length; i++) {
      const q = all[(p.id + i) % all.length]!;
      if (!q.eliminated) return q;
    }
    return p;
  }

  random<T>(items: readonly T[]): T | null {
    if (items.length === 0) return null;
    return items[this.rng.below(items.length)]!;
  }

  declare(winner: Player | null, victory: string): never {
    if (this.log.full) this.log.add({ kind: "game over", winner: winner?.name ?? null, victory });
    throw new GameOver(winner?.name ?? null, victory);
  }

  eliminate(p: Player, victory: string): void {
    if (p.eliminated) return;
    this.version++;
    p.eliminated = true;
    if (this.log.full) this.log.add({ kind: "eliminated", player: p.name, because: victory });
    const left = this.state.players.filter((q) => !q.eliminated);
    if (left.length === 1) this.declare(left[0]!, victory);
    if (left.length === 0) this.declare(null, victory);
    if (this.activePlayer === p) this.activePlayer = this.nextPlayer(p);
  }

  refuse(message: string): never {
    throw new DeckRefused(message);
  }

  private readonly memory = new Set<string>();
  remember(fact: string): void {
    this.version++;
    this.memory.add(fact);
    if (this.log.full) this.log.add({ kind: "remember", fact });
  }
  remembers(fact: string): boolean {
    return this.memory.has(fact);
  }

  turnOrder(from?: Player): Player[] {
    const all = this.state.players;
    if (all.length === 0) return [];
    const start = (from ?? this.activePlayer ?? all[0]!).id;
    const out: Player[] = [];
    for (let i = 0; i < all.length; i++) {
      const p = all[(start + i) % all.length]!;
      if (!p.eliminated) out.push(p);
    }
    return out;
  }

  // ================================================================ player values
  value(p: Player, name: string): number {
    return p.values[name] ?? 0;
  }

  setValue(p: Player, name: string, value: number): void {
    if (p.values[name] === value) return;
    this.version++;
    p.values[name] = value;
    if (this.log.full) this.log.add({ kind: "value", player: p.name, name, value });
  }
}
