// A game's structured log as lines a person can follow: sequences by their titles (indented by
// nesting), events in the words the rules declare for them ("Doji Courtier enters play"), actions,
// decisions and value changes.  Bookkeeping (moves, areas, timing points) is left out.
import type { LogEntry, Vocabulary } from "../../runtime/api.ts";

function text(v: unknown): string {
  if (Array.isArray(v)) return v.map(text).join(", ");
  return typeof v === "string" ? v.replace(/#\d+$/, "") : String(v);
}

function seqOf(frame: unknown): string {
  return String(frame).replace(/#\d+$/, "");
}

export function readableLog(entries: readonly LogEntry[], vocabulary?: Vocabulary): string[] {
  const titles = new Map((vocabulary?.sequences ?? []).map((s) => [s.name, s.title]));
  const events = new Map((vocabulary?.events ?? []).map((e) => [e.name, e]));
  const labels = new Map((vocabulary?.values ?? []).map((v) => [v.name, v.label ?? v.name]));
  const out: string[] = [];
  let depth = 0;
  const say = (line: string) => out.push("  ".repeat(Math.max(0, depth)) + line);
  const title = (frame: unknown) => titles.get(seqOf(frame)) ?? seqOf(frame);
  for (const e of entries) {
    switch (e.kind) {
      case "begin": {
        const args = Array.isArray(e.args) && e.args.length ? `: ${text(e.args)}` : "";
        say(`${title(e.frame)}${args}`);
        depth++;
        break;
      }
      case "end":
        depth--;
        if (!e.resolved) say(`(${title(e.frame)} ended without resolution)`);
        break;
      case "decision":
        say(`${String(e.player)}: ${String(e.prompt)} → ${text(e.chose) || "(chosen)"}`);
        break;
      case "event": {
        const name = String(e.event);
        if (name.includes(":")) break;
        const args = Array.isArray(e.args) ? e.args : [];
        const ev = events.get(name);
        if (ev?.phrase) {
          say(ev.phrase.replace(/\{(\w+)\}/g, (_, p: string) => text(args[ev.params.indexOf(p)])));
        } else say(`${name}(${text(args)})`);
        break;
      }
      case "use":
        say(`${String(e.player)} uses ${text(e.card)}: ${String(e.ability)}`);
        break;
      case "value":
        if (e.player !== undefined) say(`${String(e.player)}'s ${labels.get(String(e.name)) ?? String(e.name)} is now ${String(e.value)}`);
        break;
      case "abort":
        say(`(${title(e.frame)} ends without resolution)`);
        break;
      case "eliminated":
        say(`${String(e.player)} is eliminated (${String(e.because)})`);
        break;
      case "override":
        say(`rule parameter ${String(e.param)}(${text(e.args)}) is now ${text(e.value)}`);
        break;
      default:
        break;
    }
  }
  return out;
}
