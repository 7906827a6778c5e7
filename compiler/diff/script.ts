// The edit script of a matching (after Chawathe et al., 1996): what was inserted, deleted, updated
// (same place, new label) and moved (to another parent, or out of order among its siblings).  Only
// the topmost node of an inserted or deleted subtree is listed.
import type { Mapping } from "./match.ts";
import type { DiffNode } from "./tree.ts";

export type EditAction =
  | { readonly op: "insert"; readonly node: DiffNode }
  | { readonly op: "delete"; readonly old: DiffNode }
  | { readonly op: "update"; readonly old: DiffNode; readonly node: DiffNode }
  /** `from` and `to`: 1-based places among the siblings of the same type. */
  | { readonly op: "move"; readonly old: DiffNode; readonly node: DiffNode; readonly from: number; readonly to: number; readonly reparented: boolean };

export function editScript(oldNodes: readonly DiffNode[], newNodes: readonly DiffNode[], m: Mapping): EditAction[] {
  const actions: EditAction[] = [];
  for (const x of newNodes) {
    const w = m.toOld.get(x);
    if (!w) {
      if (x.parent && m.toOld.has(x.parent)) actions.push({ op: "insert", node: x });
      continue;
    }
    if (w.label !== x.label) actions.push({ op: "update", old: w, node: x });
    if (x.parent && w.parent && m.toNew.get(w.parent) !== x.parent) {
      actions.push({ op: "move", old: w, node: x, from: placeOf(w), to: placeOf(x), reparented: true });
    }
  }
  for (const w of oldNodes) {
    const x = m.toNew.get(w);
    if (!x) {
      if (w.parent && m.toNew.has(w.parent)) actions.push({ op: "delete", old: w });
      continue;
    }
    for (const moved of outOfOrder(w, x, m)) actions.push({ op: "move", old: moved, node: m.toNew.get(moved)!, from: placeOf(moved), to: placeOf(m.toNew.get(moved)!), reparented: false });
  }
  return actions;
}

/** Children of `w` matched to children of `x` that are not in the longest run kept in order. */
function outOfOrder(w: DiffNode, x: DiffNode, m: Mapping): DiffNode[] {
  const kept = w.children.filter((c) => m.toNew.get(c)?.parent === x);
  if (kept.length < 2) return [];
  const order = kept.map((c) => x.children.indexOf(m.toNew.get(c)!));
  const inLcs = longestIncreasing(order);
  // Of a pair that swapped places, the later one in the old order is the one said to have moved.
  return kept.filter((_, i) => !inLcs.has(i));
}

/** Indexes of a longest strictly increasing subsequence (patience sorting). */
function longestIncreasing(xs: readonly number[]): Set<number> {
  const tails: number[] = [];
  const prev: number[] = new Array(xs.length).fill(-1);
  for (let i = 0; i < xs.length; i++) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (xs[tails[mid]!]! < xs[i]!) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[i] = tails[lo - 1]!;
    tails[lo] = i;
  }
  const out = new Set<number>();
  for (let i = tails.length ? tails[tails.length - 1]! : -1; i >= 0; i = prev[i]!) out.add(i);
  return out;
}

/** 1-based place among the siblings of the same type (the third heading, the second clause). */
export function placeOf(n: DiffNode): number {
  if (!n.parent) return 1;
  return n.parent.children.filter((c) => c.type === n.type).indexOf(n) + 1;
}
