// A game's structured log as lines a person can follow.
import type { LogEntry } from "../../runtime/api.ts";

function text(v: unknown): string {
  if (Array.isArray(v)) return v.map(text).join(", ");
  return typeof v === "string" ? v.replace(/#\d+$/, "") : String(v);
}

/** One line per entry worth reading (state bookkeeping such as area creation is left out). */
export function readableLog(entries: readonly LogEntry[]): string[] {
  const out: string[] = [];
  let depth = 0;
  const say = (line: string) => out.push("  ".repeat(Math.max(0, depth)) + line);
  for (const e of entries) {
    switch (e.kind) {
      case "begin":
        say(`${String(e.frame).replace(/#\d+$/, "")} begins`);
        depth++;
        break;
      case "end":
        depth--;
        say(`${String(e.frame).replace(/#\d+$/, "")} ends${e.resolved ? "" : " without resolution"}`);
        break;
      case "decision":
        say(`${String(e.player)} — ${String(e.prompt)} → ${text(e.chose) || "(chosen)"}`);
        break;
      case "event":
        if (String(e.event).includes(":")) break;
        say(`${String(e.event)}(${text(e.args)})`);
        break;
      case "use":
        say(`${String(e.player)} uses ${text(e.card)}: ${String(e.ability)}`);
        break;
      case "value":
        say(`${String(e.player)}'s ${String(e.name)} is now ${String(e.value)}`);
        break;
      case "set":
        say(`${text(e.card)} is ${e.value ? "" : "no longer "}${String(e.flag)}`);
        break;
      case "abort":
        say(`${String(e.frame).replace(/#\d+$/, "")} ends without resolution`);
        break;
      case "override":
        say(`rule parameter ${String(e.param)}(${text(e.args)}) = ${text(e.value)}`);
        break;
      default:
        break;
    }
  }
  return out;
}
