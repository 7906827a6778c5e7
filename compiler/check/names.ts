// TypeScript names for what the rules declare: stable, readable, and never a reserved word.
import type { ModuleRef } from "../ir.ts";
import type { Callable } from "../symbols.ts";
import { modulePathOf } from "../symbols.ts";

const reserved = new Set(
  ("break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof new null return super switch this throw true try typeof var void while with " +
    "yield let static implements interface package private protected public await async of arguments eval " +
    "undefined NaN Infinity rt u s self hooks any " +
    // what generated code imports from the runtime by name
    "ANY optionOf show sameList countWhere sumOf").split(" "),
);

/** A declared name as a TypeScript identifier (reserved words and our own parameter names get `_`). */
export function safeName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_$]/g, "_");
  const start = /^[A-Za-z_$]/.test(cleaned) ? cleaned : "_" + cleaned;
  return reserved.has(start) ? start + "_" : start;
}

export function pascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export function refOfCallable(c: Callable): ModuleRef {
  return { module: modulePathOf(c.file.path), name: safeName(c.decl.name.text) };
}

export function frameTypeRef(c: Callable): ModuleRef {
  return { module: modulePathOf(c.file.path), name: pascal(safeName(c.decl.name.text)) + "Frame" };
}

/** "Yojimbo's Duty" → yojimbosDuty */
export function camelFromTitle(title: string): string {
  const words = withoutAccents(title)
    .replace(/['\u2019]/g, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  if (words.length === 0) return "card";
  const [head, ...rest] = words;
  const name = head!.toLowerCase() + rest.map((w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase()).join("");
  return safeName(/^[0-9]/.test(name) ? "card" + name : name);
}

/** "Yojimbo's Duty" → yojimbos-duty */
export function slugFromTitle(title: string): string {
  const slug = withoutAccents(title)
    .replace(/['\u2019]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join("-");
  return slug || "card";
}

/** "Kōtei" → "Kotei".  ASCII has nothing to take off, and most titles are ASCII: normalizing is skipped. */
function withoutAccents(text: string): string {
  return /^[\x00-\x7f]*$/.test(text) ? text : text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
}
