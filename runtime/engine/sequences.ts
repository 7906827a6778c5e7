// The engine's running sequences: frames opened and closed, what waits for their end, timing points,
// the sequences running now and last, aborts, and the durations card text gives.
import type { AbortWatch, Hook, Steps } from "../rt.ts";
import type { Frame } from "../model.ts";
import { describe } from "../state.ts";
import { NO_STEPS } from "../values.ts";
import { removeAt } from "../lists.ts";
import { isCard, isPlayer } from "./base.ts";
import { EngineDecisions } from "./decisions.ts";

export abstract class EngineSequences extends EngineDecisions {
  // ================================================================ running sequences
  open<F extends Frame>(seq: string, fields: F): F {
    this.version++;
    this.frameBumps++;
    // Generated code writes the frame's own fields first (id, seq, aborted, stopped, closed), so the
    // object keeps one shape; only the id is given here.
    const frame = fields as unknown as { -readonly [K in keyof Frame]: Frame[K] };
    frame.id = ++this.frameCount;
    if (frame.seq !== seq) frame.seq = seq;
    this.openFrames.push(frame);
    this.pushSubject(frame);
    if (this.log.full) this.log.add({ kind: "begin", frame: describe(frame), args: frameArgs(fields) });
    return frame as unknown as F;
  }

  watch<F extends Frame>(f: F, aborts: readonly AbortWatch<F>[]): void {
    for (const a of aborts) {
      this.watchers.push({ frame: f, event: a.event, watch: a as unknown as AbortWatch });
      this.interesting.add(a.event);
    }
  }

  /** Ends a sequence; what was delayed until its end runs now (a plain call when nothing was). */
  close(f: Frame): Steps {
    this.version++;
    this.frameBumps++;
    if (f.closed) return NO_STEPS;
    f.closed = true;
    const i = this.openFrames.lastIndexOf(f);
    if (i >= 0) removeAt(this.openFrames, i);
    this.dropSubject(f);
    // Watchers are removed in place (most sequences have none).
    const ws = this.watchers;
    for (let k = ws.length - 1; k >= 0; k--) if (ws[k]!.frame === f) removeAt(ws, k);
    // (Effects that end with it change more than the running sequences.)
    if (this.effects.expireFrame(f)) this.version++;
    this.lastFrames.set(f.seq, f);
    if (this.log.full) this.log.add({ kind: "end", frame: describe(f), resolved: !f.aborted });
    const later = this.delayed.get(f);
    if (!later) return NO_STEPS;
    this.delayed.delete(f);
    return runAll(later);
  }

  point(point: string, f: Frame): Steps {
    if (!this.log.full && !this.options.recordEmits && !this.interesting.has(point)) {
      this.tick();
      return NO_STEPS;
    }
    return this.emit(point, [f]);
  }

  current<F extends Frame>(seq: string): F | null {
    if (this.applyingTraits) this.traitsReadFrames = true;
    for (let i = this.openFrames.length - 1; i >= 0; i--) if (this.openFrames[i]!.seq === seq) return this.openFrames[i] as F;
    return null;
  }

  innermost(sequences: readonly string[]): Frame | null {
    if (this.applyingTraits) this.traitsReadFrames = true;
    for (let i = this.openFrames.length - 1; i >= 0; i--) if (sequences.includes(this.openFrames[i]!.seq)) return this.openFrames[i]!;
    return null;
  }

  /** Durations card text gives, innermost last (see Rt.ongoing). */
  private readonly ongoingFrames: (Frame | null)[] = [];

  ongoing(): Frame | null {
    return this.ongoingFrames.length ? this.ongoingFrames[this.ongoingFrames.length - 1]! : null;
  }

  beginOngoing(until: Frame | null): void {
    this.ongoingFrames.push(until);
  }

  endOngoing(): void {
    this.ongoingFrames.pop();
  }

  running<F extends Frame>(seq: string): F {
    return this.current<F>(seq) ?? this.fail(`no ${seq} is running`);
  }

  last<F extends Frame>(seq: string): F | null {
    if (this.applyingTraits) this.traitsReadFrames = true;
    return (this.lastFrames.get(seq) as F | undefined) ?? null;
  }

  abort(f: Frame): void {
    if (f.closed || f.aborted) return;
    this.version++;
    f.aborted = true;
    if (this.log.full) this.log.add({ kind: "abort", frame: describe(f) });
  }

  atEnd(f: Frame, body: Hook): void {
    if (f.closed) return;
    let list = this.delayed.get(f);
    if (!list) this.delayed.set(f, (list = []));
    list.push(body);
  }
}

/** The players and cards a frame is about (its parameters), for the log. */
function frameArgs(fields: object): unknown[] {
  const out: unknown[] = [];
  for (const [k, v] of Object.entries(fields)) {
    if (k === "id" || k === "seq") continue;
    if (isCard(v) || isPlayer(v)) out.push(describe(v));
  }
  return out;
}

function* runAll(bodies: readonly (() => Steps)[]): Steps {
  for (const body of bodies) yield* body();
}
