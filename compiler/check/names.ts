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
    "ANY optionOf show sameList countWhere sumOf NO_STEPS").split(" "),
);

/** A declared name as a TypeScript identifier (reserved words and our own parameter names get `_`). */
export function safeName(name: string): string {
  // Most names are identifiers already (every call of a declared effect asks for one).
  if (isIdentifier(name)) return reserved.has(name) ? name + "_" : name;
  const cleaned = name.replace(/[^A-Za-z0-9_$]/g, "_");
  const start = /^[A-Za-z_$]/.test(cleaned) ? cleaned : "_" + cleaned;
  return reserved.has(start) ? start + "_" : start;
}

/** Is the name made of ASCII letters, digits, `_` and `$`, not beginning with a digit? */
function isIdentifier(name: string): boolean {
  if (name.length === 0) return false;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
    if (!letter && !(i > 0 && c >= 48 && c <= 57)) return false;
  }
  return true;
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
  const words = titleWords(title);
  if (words.length === 0) return "card";
  let name = words[0]!.toLowerCase();
  for (let i = 1; i < words.length; i++) name += words[i]![0]!.toUpperCase() + words[i]!.slice(1).toLowerCase();
  return safeName(/^[0-9]/.test(name) ? "card" + name : name);
}

/** "Yojimbo's Duty" → yojimbos-duty */
export function slugFromTitle(title: string): string {
  const words = titleWords(title);
  if (words.length === 0) return "card";
  let slug = words[0]!.toLowerCase();
  for (let i = 1; i < words.length; i++) slug += "-" + words[i]!.toLowerCase();
  return slug;
}

const APOSTROPHE = 39;
const TYPOGRAPHIC_APOSTROPHE = 0x2019;

/**
 * The words of a title that a name is made of: its runs of ASCII letters and digits once accents and
 * apostrophes are taken off ("Yojimbo's" is one word).  One pass over the title: every card has two
 * names made from it, and regular expressions to replace, split and filter cost more than the rest.
 */
function titleWords(title: string): string[] {
  const text = withoutAccents(title);
  const words: string[] = [];
  let word = ""; // the current word up to `from` (it had an apostrophe)
  let from = -1; // where the current word's last run of letters began, or -1 between words
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isAsciiLetterOrDigit(c)) {
      if (from < 0) from = i;
    } else if (c === APOSTROPHE || c === TYPOGRAPHIC_APOSTROPHE) {
      if (from >= 0) {
        word += text.slice(from, i);
        from = i + 1;
      }
    } else if (from >= 0) {
      words.push(word + text.slice(from, i));
      word = "";
      from = -1;
    }
  }
  if (from >= 0) words.push(word + text.slice(from));
  return words;
}

function isAsciiLetterOrDigit(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** "Kōtei" → "Kotei".  ASCII has nothing to take off, and most titles are ASCII: normalizing is skipped. */
function withoutAccents(text: string): string {
  return /^[\x00-\x7f]*$/.test(text) ? text : text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
}
