// What a continuous trait can make when the runtime applies it (the continuous layer): the rule
// parameters it may override, and whether it may modify stats or give abilities.  Worked out from its
// effects and, through every call, the rules' functions and effects they reach.  The runtime then
// works the layer out again only before reading something a trait in play could change: a parameter
// none of them overrides is read as it is, without applying every trait again.  A trait that could do
// anything else (move a card, set a flag, put a decision, call a sequence, draw at random) gets no list:
// the runtime treats it as changing everything, as before.
import type { IrAbility, IrDecl, IrProgram, ModuleRef } from "../ir.ts";
import { eachNode, type Node } from "../tree.ts";

export interface LayerEffects {
  readonly params: readonly string[];
  readonly stats: boolean;
  readonly grants: boolean;
}

/** Statements and expressions that change the game, or ask, or draw, beyond the layer's own effects. */
const CHANGES = new Set([
  // (not "runHook": what a hook runs is a closure the caller passes, visited with the caller's tree)
  "setFlag", "setUseFlag", "setFaceUp", "setController", "setValue", "setNegated", "abort", "emit",
  "move", "create", "cease", "endModifiers", "add", "remove", "resolve", "choose", "atEnd", "once", "window",
  "declare", "eliminate", "refuse", "shuffle", "attach", "detach", "remember", "setActive", "setZoneValue",
  "assignField", "put", "answer", "take", "expect", "expectResult", "unscripted", "on",
  "newZone", "chooseFrom", "ask", "announce", "random", "callSeq",
]);
/** Built-ins that change the game (besides giving abilities, which the layer may). */
const CHANGING_BUILTINS = new Set(["newCard", "createCard", "retarget", "exchangeCards"]);
const GRANTING_BUILTINS = new Set(["grantAbility", "printAbility"]);

const key = (ref: ModuleRef): string => `${ref.module}:${ref.name}`;

/** The program's functions, parameters and effects by where they live (a call names them so). */
export function declIndex(program: IrProgram): Map<string, IrDecl> {
  const out = new Map<string, IrDecl>();
  for (const m of program.modules) for (const d of m.decls) if (d.kind === "function" || d.kind === "param" || d.kind === "effect") out.set(key(d.ref), d);
  return out;
}

/** What a continuous trait can make, or null when it could change anything else. */
export function layerEffects(a: IrAbility, decls: ReadonlyMap<string, IrDecl>): LayerEffects | null {
  const params = new Set<string>();
  let stats = false;
  let grants = false;
  let other = false;
  const seen = new Set<string>();
  const visit = (tree: unknown): void =>
    eachNode(tree, (n: Node) => {
      if (other) return;
      const k = n.k as string;
      if (CHANGES.has(k)) other = true;
      else if (k === "override") params.add(n.param as string);
      else if (k === "modify") stats = true;
      else if (k === "lasting" && (n.untilEvent || n.whileHolds)) other = true;
      else if (k === "for" && n.orderedBy) other = true;
      else if (k === "builtin" && CHANGING_BUILTINS.has(n.name as string)) other = true;
      else if (k === "builtin" && GRANTING_BUILTINS.has(n.name as string)) grants = true;
      else if (k === "callEffect" || k === "callFn" || k === "param") {
        const ref = n.fn as ModuleRef;
        const id = key(ref);
        if (seen.has(id)) return;
        seen.add(id);
        const d = decls.get(id);
        if (!d) other = true;
        else if (d.kind === "function") visit(d.body);
        else if (d.kind === "param") visit(d.fallback);
        else if (d.kind === "effect") visit(d.body);
        else other = true;
      }
    });
  visit([a.condition, a.targets, a.payable, a.costs, a.effects]);
  return other ? null : { params: [...params].sort(), stats, grants };
}
