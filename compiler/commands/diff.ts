// `l5r diff OLD NEW [--json]`, `l5r diff --git REV1 REV2 [paths] [--json]`: the structural diff of two
// files, folders or versions of the rules (or of two revisions), grouped by declaration, heading and
// clause.  `l5r diff --behavior OLD NEW [--games N] [--duels N] [--seed S] [--json]`: the same two
// versions played (compiler/diff/behaviour/).  Exit 0 when there is no difference, 1 when there are
// differences, 2 on bad input.
import { diffSides } from "../diff/index.ts";
import { countChanges, diffJson, formatDiff } from "../diff/format.ts";
import { sideFromGit, sideFromPath } from "../diff/sides.ts";
import { UsageError } from "../sources.ts";
import type { Output } from "./check.ts";

export interface DiffOptions {
  readonly paths: readonly string[];
  readonly git: boolean;
  readonly json: boolean;
  readonly colour: boolean;
}

export function diff(opts: DiffOptions, io: Output): number {
  const [a, b, ...rest] = opts.paths;
  if (a === undefined || b === undefined) throw new UsageError(opts.git ? "diff --git takes two revisions, then any paths" : "diff takes two files or folders: OLD NEW");
  if (!opts.git && rest.length) throw new UsageError("diff takes two files or folders (with --git: two revisions, then paths)");
  const [oldSide, newSide] = opts.git ? [sideFromGit(a, rest), sideFromGit(b, rest)] : [sideFromPath(a), sideFromPath(b)];
  const result = diffSides(oldSide, newSide);
  if (opts.json) io.out(JSON.stringify(diffJson(result)));
  else for (const line of formatDiff(result, opts.colour)) io.out(line);
  const n = countChanges(result.changes);
  return n.added + n.removed + n.changed + n.moved === 0 ? 0 : 1;
}
