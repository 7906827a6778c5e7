// Reading an Oracle JSON file for `l5r import` and `l5r corpus`, choosing records by the arcs they are
// legal in, and importing them against the project's rules (which say what stats each type has).
import { readFileSync, statSync } from "node:fs";
import { UsageError } from "../sources.ts";
import type { CompileContext } from "../passes/context.ts";
import { importRecord, readOracleRecords, type ImportedCard, type ImportVocabulary, type OracleRecord } from "./oracle.ts";

const MAX_ORACLE_BYTES = 256 * 1024 * 1024;

export function loadOracleFile(path: string): OracleRecord[] {
  let text: string;
  try {
    if (statSync(path).size > MAX_ORACLE_BYTES) throw new UsageError(`${path} is over ${MAX_ORACLE_BYTES / 1048576} MB`);
    text = readFileSync(path, "utf8");
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(code === "ENOENT" ? `no such file: ${path}` : `cannot read ${path}${code ? ` (${code})` : ""}`);
  }
  const { records, errors } = readOracleRecords(text);
  if (errors.length) throw new UsageError(`${path}: ${errors[0]}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ""}`);
  return records;
}

/** `--legal Samurai,Celestial,Emperor`: the arcs, each matched as a word of a legality entry
 *  ("Race for the Throne (Samurai)"), case ignored. */
export function legalFilter(arcs: string | null): ((r: OracleRecord) => boolean) | null {
  if (arcs === null) return null;
  const names = arcs.split(",").map((a) => a.trim()).filter(Boolean);
  if (names.length === 0) throw new UsageError("--legal takes arc names separated by commas (Samurai,Celestial,Emperor)");
  const patterns = names.map((n) => new RegExp(`(^|[^A-Za-z])${n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}([^A-Za-z]|$)`, "i"));
  return (r) => (r.legality ?? []).some((l) => typeof l === "string" && patterns.some((p) => p.test(l)));
}

export function importVocabulary(ctx: CompileContext): ImportVocabulary {
  return { statsOfType: new Map([...ctx.symbols.types].map(([name, t]) => [name, new Set(t.decl.stats.map((s) => s.text))])) };
}

export function importAll(records: readonly OracleRecord[], ctx: CompileContext): ImportedCard[] {
  const vocab = importVocabulary(ctx);
  return records.map((r) => importRecord(r, vocab));
}
