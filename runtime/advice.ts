// The rules' advice (`advise` declarations): what an option of a decision is worth to the player who
// decides, for agents that play to win.  Looked up by the decision's prompt, then by the option's
// label (a branch of a `choose`, an answer), or for every item of a `choose ... from` (the compiler checks
// that a prompt's advice is of one kind); the game itself never reads it.
import type { AdviceDef, Player, RulesBundle } from "./model.ts";
import type { Decision, Option } from "./decisions.ts";
import type { Rt } from "./rt.ts";
import { describeZone } from "./values.ts";

type Worth = (rt: Rt, p: Player, subject: unknown) => number;

interface PromptAdvice {
  /** For each item of a `choose ... from`. */
  items: Worth | null;
  byLabel: Map<string, Worth>;
}

const tables = new WeakMap<RulesBundle, Map<string, PromptAdvice>>();

function tableOf(bundle: RulesBundle): Map<string, PromptAdvice> {
  let table = tables.get(bundle);
  if (!table) {
    table = new Map();
    for (const a of bundle.advice ?? ([] as readonly AdviceDef[])) {
      let entry = table.get(a.prompt);
      if (!entry) table.set(a.prompt, (entry = { items: null, byLabel: new Map() }));
      if (a.label === null) entry.items = a.worth as Worth;
      else entry.byLabel.set(a.label, a.worth as Worth);
    }
    tables.set(bundle, table);
  }
  return table;
}

/** The branch label of an option: a branch naming a zone reads "label zone" ("raid province 2 of X"). */
function branchOf(o: Option): string {
  if (!o.zone) return o.label;
  const zone = describeZone(o.zone);
  return o.label.endsWith(` ${zone}`) ? o.label.slice(0, -zone.length - 1) : o.label;
}

/** The worth the rules' advice gives option `index` of `d`, or null when they give none for it. */
export function adviceFor(rt: Rt, bundle: RulesBundle, d: Decision, index: number): number | null {
  const o = d.options[index];
  const advice = o && tableOf(bundle).get(d.prompt);
  if (!advice) return null;
  const worth = advice.items ?? advice.byLabel.get(branchOf(o)) ?? null;
  return worth ? worth(rt, d.player, o.card ?? o.player ?? o.zone ?? o.use ?? null) : null;
}
