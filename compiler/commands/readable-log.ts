// A game's structured log as lines a person can follow: sequences by their titles (indented by
// nesting), events in the words the rules declare for them with their amounts ("Lion Honor loses 2
// Honor"), actions, decisions (naming the card a prompt is about) and value changes with how much they
// changed.  Players by name; no internal ids.  Bookkeeping (moves, areas, timing points) is left out.
import type { LogEntry, Vocabulary } from "../../runtime/api.ts";

function text(v: unknown): string {
  if (Array.isArray(v)) return v.map(text).join(", ");
  return typeof v === "string" ? v.replace(/#\d+\b/g, "") : String(v);
}

/** "Lion Honor's", "Crane Duelists'". */
const possessive = (name: string) => (name.endsWith("s") ? `${name}'` : `${name}'s`);

/** An event's phrase with its arguments, and a number the phrase leaves out put after its verb
 *  ("{p} loses Honor" with 2: "Lion Honor loses 2 Honor"). */
function eventLine(phrase: string, params: readonly string[], args: readonly unknown[]): string {
  const used = new Set([...phrase.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!));
  const amounts = params.map((p, i) => [p, args[i]] as const).filter(([p, v]) => !used.has(p) && typeof v === "number");
  let out = phrase.replace(/\{(\w+)\}/g, (_, p: string) => text(args[params.indexOf(p)]));
  if (amounts.length === 1) {
    const n = String(amounts[0]![1]);
    const verb = /^(\{\w+\} \S+) (.+)$/.exec(phrase);
    out = verb ? `${verb[1]!.replace(/\{(\w+)\}/g, (_, p: string) => text(args[params.indexOf(p)]))} ${n} ${verb[2]!.replace(/\{(\w+)\}/g, (_, p: string) => text(args[params.indexOf(p)]))}` : `${out} (${n})`;
  }
  return out;
}

function seqOf(frame: unknown): string {
  return String(frame).replace(/#\d+$/, "");
}

export function readableLog(entries: readonly LogEntry[], vocabulary?: Vocabulary): string[] {
  const titles = new Map((vocabulary?.sequences ?? []).map((s) => [s.name, s.title]));
  const events = new Map((vocabulary?.events ?? []).map((e) => [e.name, e]));
  const labels = new Map((vocabulary?.values ?? []).map((v) => [v.name, v.label ?? v.name]));
  const out: string[] = [];
  const values = new Map<string, number>();
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
      case "decision": {
        const about = typeof e.about === "string" ? text(e.about) : "";
        const prompt = about && !String(e.prompt).includes(about) ? `${String(e.prompt)} (${about})` : String(e.prompt);
        say(`${String(e.player)}: ${prompt} → ${text(e.chose) || "(chosen)"}`);
        break;
      }
      case "event": {
        const name = String(e.event);
        if (name.includes(":")) break;
        const args = Array.isArray(e.args) ? e.args : [];
        const ev = events.get(name);
        if (ev?.phrase) say(eventLine(ev.phrase, ev.params, args));
        else say(`${name}(${text(args)})`);
        break;
      }
      case "use":
        say(`${String(e.player)} uses ${text(e.card)}: ${String(e.ability)}`);
        break;
      case "value": {
        if (e.player === undefined) break;
        const key = `${String(e.player)}\u0000${String(e.name)}`;
        const before = values.get(key);
        const now = Number(e.value);
        values.set(key, now);
        const change = before === undefined || before === now ? "" : ` (${now > before ? "+" : ""}${now - before})`;
        say(`${possessive(String(e.player))} ${labels.get(String(e.name)) ?? String(e.name)} is now ${String(e.value)}${change}`);
        break;
      }
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
