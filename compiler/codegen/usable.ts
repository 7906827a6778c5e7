// Whether an ability can be used now: a condition, a candidate for every target and choice, and every
// cost payable.  A choice whose candidates depend on an earlier one ("Bow one of your attachments:
// Transfer it to another of your Personalities who can legally attach it") has a candidate only if
// some choice of the earlier cards leaves it one, so the earlier choices are tried in turn.
import type { IrAbility, IrExpr, IrTarget } from "../ir.ts";
import { safeName } from "../check/names.ts";
import { eachNode, replaceNodes, type Node } from "../tree.ts";
import { expr, nonEmpty, usedLocals, type PrintContext } from "./print.ts";

/** The checks `usable` joins with `&&`, in the order the rules make them. */
export function usableChecks(a: IrAbility, p: PrintContext): string[] {
  // A choice a later one reads is tried inside that one's check.
  const tried = new Set(a.targets.flatMap((t) => choicesRead(a.targets, t)));
  const checks = a.targets.filter((t) => !tried.has(t)).map((t) => candidateCheck(a, t, p));
  // (costs the rules waive for this use need not be payable: the `costsWaived` entry)
  // (asked only of costs that cannot be paid: most can)
  if (a.payable.length) checks.push(`(${a.payable.map((x) => expr(x, p)).join(" && ")} || rt.costsWaived(u))`);
  if (a.condition) checks.unshift(expr(a.condition, p));
  return checks;
}

/**
 * At announcement, the test (a function of one candidate) that keeps `t`'s candidates to those leaving
 * every later choice that reads `t` a candidate: the choice of an attachment to transfer offers only one
 * that some Personality can take. Null when no later choice reads `t`.
 */
export function viableCandidate(a: IrAbility, t: IrTarget, p: PrintContext): string | null {
  const at = a.targets.indexOf(t);
  const later = a.targets.slice(at + 1).filter((l) => choicesRead(a.targets, l).includes(t));
  if (later.length === 0) return null;
  const v = p.fresh(t.slot);
  // Choices made before `t` are in their slots by now; `t` and the choices between are tried.
  const open = new Set(a.targets.slice(at));
  return `(${safeName(v)}) => ${later.map((l) => candidateCheck(a, l, p, open, new Map([[t.slot, v]]))).join(" && ")}`;
}

function candidateCheck(a: IrAbility, t: IrTarget, p: PrintContext, open?: ReadonlySet<IrTarget>, bound?: ReadonlyMap<string, string>): string {
  const earlier = choicesRead(a.targets, t).filter((e) => !open || open.has(e));
  if (earlier.length === 0) return enough(t, t.candidates, p);
  const taken = usedLocals(a);
  const names = new Map(earlier.map((e) => [e.slot, bound?.get(e.slot) ?? (taken.has(e.slot) ? p.fresh(e.slot) : e.slot)]));
  // The earlier choices are locals here: the slots are filled only when the ability is announced.
  const bind = (e: IrExpr): IrExpr => replaceNodes(e, (n) => (n.k === "slot" && names.has(n.name as string) ? ({ k: "local", name: names.get(n.name as string)! } satisfies IrExpr as Node) : undefined));
  let check = enough(t, bind(t.candidates), p, bind);
  for (const e of earlier.reverse()) {
    if (bound?.has(e.slot)) continue;
    const v = safeName(names.get(e.slot)!);
    const source = expr(bind(e.candidates), p);
    check = e.targeted ? `rt.anyTargetable(u, ${source}, (${v}) => ${check}${anywhereArg(e)})` : `${source}.some((${v}) => ${check})`;
  }
  return check;
}

/** Whether there are candidates enough: one, or as many as a target of several needs at least (that
 *  fit together, when it says what they must be together). */
function enough(t: IrTarget, candidates: IrExpr, p: PrintContext, bind: (e: IrExpr) => IrExpr = (e) => e): string {
  const min = t.count?.min ?? 1;
  const fits = togetherTest(t, p, bind);
  if (min <= 1 && !fits) return nonEmpty(candidates, p, t.targeted, t.anywhere === true);
  const offered = t.targeted ? `rt.targetable(u, ${expr(candidates, p)}${anywhereArg(t)})` : expr(candidates, p);
  return fits ? `rt.canChooseSeveral(${offered}, ${min}, ${t.count?.max ?? "null"}, ${fits})` : `${offered}.length >= ${min}`;
}

/** What the cards of a target of several must be together, as a function of the cards chosen (its
 *  slot read as that list: compiler/text/card-relations.ts), or null. */
export function togetherTest(t: IrTarget, p: PrintContext, bind: (e: IrExpr) => IrExpr = (e) => e): string | null {
  if (!t.together) return null;
  const v = p.fresh(t.slot);
  const bound = replaceNodes(bind(t.together), (n) => (n.k === "slot" && n.name === t.slot ? ({ k: "local", name: v } satisfies IrExpr as Node) : undefined));
  return `(${safeName(v)}) => ${expr(bound, p)}`;
}

/** The runtime's last argument for a target chosen wherever it is ("at any location"). */
export function anywhereArg(t: IrTarget): string {
  return t.anywhere ? ", true" : "";
}

/** The earlier choices `t`'s candidates read, directly or through another choice, in the order made. */
function choicesRead(targets: readonly IrTarget[], t: IrTarget): IrTarget[] {
  const read = new Set<string>();
  const visit = (e: IrExpr): void =>
    eachNode(e, (n) => {
      if (n.k !== "slot" || read.has(n.name as string)) return;
      read.add(n.name as string);
      const chosen = targets.find((x) => x.slot === n.name);
      if (chosen) visit(chosen.candidates);
    });
  visit(t.candidates);
  if (t.together) visit(t.together);
  return targets.filter((x) => x !== t && read.has(x.slot));
}
