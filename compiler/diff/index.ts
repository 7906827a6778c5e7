// A structural diff of two sides (files, folders, versions, revisions): parse both, build their trees,
// match them (GumTree), derive the edit script and group it by declaration, heading and clause.
import { parse } from "../../grammar/index.ts";
import { LineMap } from "../diagnostics.ts";
import { UsageError } from "../sources.ts";
import { matchTrees } from "./match.ts";
import { buildReport, type Change } from "./report.ts";
import { editScript } from "./script.ts";
import type { Side } from "./sides.ts";
import { buildTree, Interner, type DiffTree } from "./tree.ts";

export interface DiffResult {
  readonly old: string;
  readonly new: string;
  readonly changes: readonly Change[];
  /** Line maps of both sides' files, for places as lines and columns. */
  readonly lines: ReadonlyMap<string, LineMap>;
}

function treeOf(side: Side, interner: Interner, lines: Map<string, LineMap>): DiffTree {
  const parsed = side.files.map((f) => {
    const map = new LineMap(f.text);
    lines.set(f.name, map);
    const r = parse(f.text, f.name);
    if (!r.file) {
      const e = r.errors[0]!;
      const at = map.position(e.range.start);
      throw new UsageError(`${f.name}:${at.line}:${at.column}: ${e.code}: ${e.message}`);
    }
    return { name: f.name, key: f.key, file: r.file };
  });
  return buildTree(parsed, interner);
}

export function diffSides(oldSide: Side, newSide: Side): DiffResult {
  const interner = new Interner();
  const lines = new Map<string, LineMap>();
  const a = treeOf(oldSide, interner, lines);
  const b = treeOf(newSide, interner, lines);
  const m = matchTrees(a.root, b.root);
  const changes = buildReport(m, editScript(a.nodes, b.nodes, m));
  return { old: oldSide.label, new: newSide.label, changes, lines };
}
