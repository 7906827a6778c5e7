// GumTree's matching (Falleri et al., "Fine-grained and accurate source code differencing", 2014):
// identical subtrees first, greatest height first (top-down); then each unmatched node to the node of
// the other tree that holds most of its matched descendants (bottom-up), with a last pass that pairs
// the children of matched nodes by type, label and position (recovery).
import { descendants as allUnder, postOrder, type DiffNode } from "./tree.ts";

/** Each node's subtree, listed once (bottom-up matching asks for the same ones again and again). */
const listed = new WeakMap<DiffNode, DiffNode[]>();
function descendants(n: DiffNode): DiffNode[] {
  let d = listed.get(n);
  if (!d) listed.set(n, (d = allUnder(n)));
  return d;
}

/** Subtrees lower than this are matched only through their parents (a lone name matches too easily). */
const MIN_HEIGHT = 2;
/** The share of common matched descendants two nodes need to be matched bottom-up. */
const MIN_DICE = 0.5;
/** ... and two declarations (or options) of different names: a rename keeps nearly all the rest. */
const RENAME_DICE = 0.8;

/** A node's name or title, read from its Name or PhraseText child (null for nodes without one). */
export function identity(n: DiffNode): string | null {
  for (const c of n.children) if (c.type === "Name@name" || c.type === "PhraseText@title" || c.type === "PhraseText@label") return c.label;
  return null;
}

/** Nodes a different name makes different things (a heading or clause keeps its place under a new title). */
function strictIdentity(n: DiffNode): boolean {
  return n.kind !== "HeadingDecl" && n.kind !== "Clause";
}

export class Mapping {
  readonly toNew = new Map<DiffNode, DiffNode>();
  readonly toOld = new Map<DiffNode, DiffNode>();
  add(a: DiffNode, b: DiffNode): void {
    this.toNew.set(a, b);
    this.toOld.set(b, a);
  }
  has(a: DiffNode, b: DiffNode): boolean {
    return this.toNew.get(a) === b;
  }
}

export function matchTrees(oldRoot: DiffNode, newRoot: DiffNode): Mapping {
  const m = new Mapping();
  topDown(oldRoot, newRoot, m);
  bottomUp(oldRoot, m);
  if (!m.toNew.has(oldRoot) && !m.toOld.has(newRoot)) m.add(oldRoot, newRoot);
  recover(oldRoot, m);
  return m;
}

/** Isomorphic subtrees, highest first; a subtree with several twins goes to the one whose parent is
 *  most alike (then the nearest in position). */
function topDown(a: DiffNode, b: DiffNode, m: Mapping): void {
  const l1 = new HeightQueue([a]);
  const l2 = new HeightQueue([b]);
  const candidates: [DiffNode, DiffNode][] = [];
  while (Math.min(l1.peek(), l2.peek()) >= MIN_HEIGHT) {
    if (l1.peek() !== l2.peek()) {
      const higher = l1.peek() > l2.peek() ? l1 : l2;
      for (const t of higher.pop()) higher.open(t);
      continue;
    }
    const h1 = l1.pop();
    const h2 = l2.pop();
    const byHash = new Map<number, DiffNode[]>();
    for (const t of h2) byHash.set(t.hash, [...(byHash.get(t.hash) ?? []), t]);
    const count1 = new Map<number, number>();
    for (const t of h1) count1.set(t.hash, (count1.get(t.hash) ?? 0) + 1);
    const matched1 = new Set<DiffNode>();
    const matched2 = new Set<DiffNode>();
    for (const t1 of h1) {
      const twins = byHash.get(t1.hash) ?? [];
      if (twins.length === 0) continue;
      if (twins.length === 1 && count1.get(t1.hash) === 1) mapIsomorphic(t1, twins[0]!, m);
      else for (const t2 of twins) candidates.push([t1, t2]);
      matched1.add(t1);
      for (const t2 of twins) matched2.add(t2);
    }
    for (const t of h1) if (!matched1.has(t)) l1.open(t);
    for (const t of h2) if (!matched2.has(t)) l2.open(t);
  }
  const score = ([x, y]: [DiffNode, DiffNode]) => (x.parent && y.parent ? dice(x.parent, y.parent, m) : 0);
  candidates
    .map((pair) => ({ pair, s: score(pair), d: Math.abs(indexIn(pair[0]) - indexIn(pair[1])) }))
    .sort((p, q) => q.s - p.s || p.d - q.d)
    .forEach(({ pair: [t1, t2] }) => {
      if (!m.toNew.has(t1) && !m.toOld.has(t2)) mapIsomorphic(t1, t2, m);
    });
}

function mapIsomorphic(a: DiffNode, b: DiffNode, m: Mapping): void {
  if (m.toNew.has(a) || m.toOld.has(b)) return;
  m.add(a, b);
  a.children.forEach((c, i) => mapIsomorphic(c, b.children[i]!, m));
}

function bottomUp(oldRoot: DiffNode, m: Mapping): void {
  for (const t1 of postOrder(oldRoot)) {
    if (m.toNew.has(t1) || t1.children.length === 0) continue;
    const seeds = descendants(t1).slice(1).map((d) => m.toNew.get(d)).filter((d): d is DiffNode => d !== undefined);
    if (seeds.length === 0) continue;
    const tried = new Set<DiffNode>();
    let best: DiffNode | null = null;
    let bestScore = 0;
    for (const seed of seeds) {
      for (let c = seed.parent; c; c = c.parent) {
        if (tried.has(c)) break;
        tried.add(c);
        if (c.type !== t1.type || m.toOld.has(c)) continue;
        const d = dice(t1, c, m);
        const same = identity(t1) === identity(c);
        if (d < MIN_DICE || (!same && identity(t1) !== null && strictIdentity(t1) && d < RENAME_DICE)) continue;
        // The same name or title counts for much: of two alike candidates, the one still called the same.
        const score = d + (same ? 0.5 : 0);
        if (score > bestScore) [best, bestScore] = [c, score];
      }
    }
    if (best) m.add(t1, best);
  }
}

/** Children of matched nodes that are still unmatched, paired: equal subtrees, then the same type and
 *  label with mostly the same contents, then leaves of the same type in order (a changed value is
 *  then an update, not a delete and an insert). */
function recover(oldRoot: DiffNode, m: Mapping): void {
  const queue: DiffNode[] = [oldRoot];
  while (queue.length) {
    const a = queue.shift()!;
    const b = m.toNew.get(a);
    if (b) {
      const free2 = b.children.filter((c) => !m.toOld.has(c));
      const pick = (x: DiffNode, fits: (y: DiffNode) => number): void => {
        let best: DiffNode | null = null;
        let score = 0;
        for (const y of free2) {
          if (m.toOld.has(y)) continue;
          const s = fits(y);
          if (s > score) [best, score] = [y, s];
        }
        if (!best) return;
        if (x.hash === best.hash) mapIsomorphic(x, best, m);
        else m.add(x, best);
      };
      const tests: ((x: DiffNode, y: DiffNode) => number)[] = [
        (x, y) => (x.hash === y.hash ? 1 : 0),
        (x, y) => (x.type === y.type && x.label === y.label && (identity(x) === identity(y) || !strictIdentity(x)) ? (x.children.length === 0 ? 1 : Math.max(0, contentSimilarity(x, y) - 0.49)) : 0),
        (x, y) => (x.type === y.type && x.size <= 2 && y.size <= 2 ? 1 : 0),
      ];
      for (const test of tests) for (const x of a.children) if (!m.toNew.has(x)) pick(x, (y) => test(x, y));
    }
    queue.push(...a.children);
  }
}

/** How much of two subtrees' contents (types and labels, counted as bags) they share, 0 to 1. */
function contentSimilarity(a: DiffNode, b: DiffNode): number {
  const bag = new Map<string, number>();
  for (const d of descendants(a)) bag.set(d.type + "\u0000" + d.label, (bag.get(d.type + "\u0000" + d.label) ?? 0) + 1);
  let common = 0;
  for (const d of descendants(b)) {
    const k = d.type + "\u0000" + d.label;
    const n = bag.get(k) ?? 0;
    if (n > 0) {
      common++;
      bag.set(k, n - 1);
    }
  }
  return (2 * common) / (a.size + b.size);
}

/** 2 × common matched descendants / (descendants of both). */
export function dice(a: DiffNode, b: DiffNode, m: Mapping): number {
  const da = descendants(a).slice(1);
  const db = new Set(descendants(b).slice(1));
  if (da.length + db.size === 0) return a.label === b.label ? 1 : 0;
  let common = 0;
  for (const d of da) {
    const p = m.toNew.get(d);
    if (p && db.has(p)) common++;
  }
  return (2 * common) / (da.length + db.size);
}

function indexIn(n: DiffNode): number {
  return n.parent ? n.parent.children.indexOf(n) : 0;
}

/** Nodes by height, the highest taken first. */
class HeightQueue {
  private readonly items: DiffNode[] = [];
  constructor(start: DiffNode[]) {
    for (const n of start) this.push(n);
  }
  push(n: DiffNode): void {
    this.items.push(n);
  }
  peek(): number {
    let h = -1;
    for (const n of this.items) h = Math.max(h, n.height);
    return h;
  }
  /** Every node of the greatest height. */
  pop(): DiffNode[] {
    const h = this.peek();
    const out = this.items.filter((n) => n.height === h);
    const rest = this.items.filter((n) => n.height !== h);
    this.items.length = 0;
    this.items.push(...rest);
    return out;
  }
  open(n: DiffNode): void {
    for (const c of n.children) this.push(c);
  }
}
