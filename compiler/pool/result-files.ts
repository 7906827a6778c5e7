// The JSON files runs and shards write (`--out FILE`) and merges read: written whole or not at all,
// and read back only when they are what the reader expects, saying why otherwise.
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { UsageError } from "../sources.ts";

/** Written to a file beside it first, then renamed: a reader never finds half a file. */
export function writeWhole(path: string, text: string): void {
  const part = `${path}.${process.pid}.part`;
  try {
    writeFileSync(part, text);
    renameSync(part, path);
  } catch (e) {
    rmSync(part, { force: true });
    throw new UsageError(`cannot write ${path}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
}

/** A file of `kind` in `version`, as `writer` (the command that writes it) writes it; a one-line usage
 *  error otherwise.  `fields` are the fields it must have. */
export function readResultFile<T>(path: string, kind: string, version: number, writer: string, fields: readonly string[]): T {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    throw new UsageError(`cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  let data: Record<string, unknown> | null;
  try {
    data = JSON.parse(text) as Record<string, unknown> | null;
  } catch {
    throw new UsageError(`${path} is not JSON (a file written by ${writer})`);
  }
  if (data?.kind !== kind) throw new UsageError(`${path} is not a file written by ${writer}`);
  if (data.version !== version) throw new UsageError(`${path} is written in version ${String(data.version)} of the results, this l5r reads version ${version}`);
  const lacking = fields.filter((f) => data![f] === undefined || data![f] === null);
  if (lacking.length) throw new UsageError(`${path} lacks its ${lacking.join(", ")}`);
  return data as T;
}
