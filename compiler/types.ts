// The language's types.  `T?` may be none; lists, hooks (procedures passed to a sequence or effect)
// and frames (a running or finished sequence, e.g. `duel`) are the only compound types.

export type Ty =
  | { readonly k: "number" | "bool" | "text" | "player" | "card" | "stat" | "zone" | "use" | "bonus" | "description" | "ability"; readonly nullable: boolean }
  | { readonly k: "list"; readonly of: Ty; readonly nullable: boolean }
  | { readonly k: "hook"; readonly params: readonly Ty[]; readonly nullable: boolean }
  | { readonly k: "frame"; readonly seq: string; readonly nullable: boolean }
  | { readonly k: "none"; readonly nullable: true }
  /** The type of an expression that already failed to check; compatible with everything. */
  | { readonly k: "error"; readonly nullable: boolean };

type Simple = "number" | "bool" | "text" | "player" | "card" | "stat" | "zone" | "use" | "bonus" | "description" | "ability";

export const T = {
  number: { k: "number", nullable: false } as Ty,
  bool: { k: "bool", nullable: false } as Ty,
  text: { k: "text", nullable: false } as Ty,
  player: { k: "player", nullable: false } as Ty,
  card: { k: "card", nullable: false } as Ty,
  stat: { k: "stat", nullable: false } as Ty,
  zone: { k: "zone", nullable: false } as Ty,
  use: { k: "use", nullable: false } as Ty,
  bonus: { k: "bonus", nullable: false } as Ty,
  /** A card to be created, as card text describes it ("a 2F / 2C / 0PH Shadowlands • Undead Personality"). */
  description: { k: "description", nullable: false } as Ty,
  /** An ability card text gives a card ("give him the ability, \"Battle: ...\""): compiled on its own. */
  ability: { k: "ability", nullable: false } as Ty,
  none: { k: "none", nullable: true } as Ty,
  error: { k: "error", nullable: false } as Ty,
  list: (of: Ty): Ty => ({ k: "list", of, nullable: false }),
  hook: (params: readonly Ty[]): Ty => ({ k: "hook", params, nullable: false }),
  frame: (seq: string): Ty => ({ k: "frame", seq, nullable: false }),
  simple: (k: Simple): Ty => ({ k, nullable: false }) as Ty,
};

export function nullable(t: Ty): Ty {
  return t.nullable ? t : ({ ...t, nullable: true } as Ty);
}

export function nonNull(t: Ty): Ty {
  return t.nullable && t.k !== "none" ? ({ ...t, nullable: false } as Ty) : t;
}

export function show(t: Ty): string {
  const q = t.nullable && t.k !== "none" ? "?" : "";
  switch (t.k) {
    case "list":
      return `list[${show(t.of)}]${q}`;
    case "hook":
      return `hook(${t.params.map(show).join(", ")})${q}`;
    case "frame":
      return `${t.seq}${q}`;
    default:
      return t.k + q;
  }
}

export function sameType(a: Ty, b: Ty): boolean {
  if (a.k === "error" || b.k === "error") return true;
  if (a.k !== b.k) return false;
  if (a.k === "list" && b.k === "list") return sameType(a.of, b.of);
  if (a.k === "frame" && b.k === "frame") return a.seq === b.seq;
  if (a.k === "hook" && b.k === "hook") return a.params.length === b.params.length && a.params.every((p, i) => sameType(p, b.params[i]!));
  return true;
}

/** Can a value of type `from` be used where `to` is expected? */
export function assignable(from: Ty, to: Ty): boolean {
  if (from.k === "error" || to.k === "error") return true;
  if (from.k === "none") return to.nullable;
  if (from.nullable && !to.nullable) return false;
  // An empty list literal fits any list.
  if (from.k === "list" && to.k === "list" && from.of.k === "error") return true;
  // A list whose items may be none fits only a list whose items may be ("[s, t]" with t: stat?).
  if (from.k === "list" && to.k === "list") return assignable(from.of, to.of);
  return sameType(from, to);
}

/** Why a value that does not fit would fit but for none: the value may be none ("value"), or an item
 *  of the list may be ("item"); null when it does not fit otherwise. */
export function noneMisfit(from: Ty, to: Ty): "value" | "item" | null {
  if (from.nullable && !to.nullable && assignable(nonNull(from), to)) return "value";
  if (from.k === "list" && to.k === "list" && from.of.nullable && !to.of.nullable && assignable(T.list(nonNull(from.of)), to)) return "item";
  return null;
}

/** The simple types by name (made once: a type is resolved for every parameter of every call). */
const SIMPLE_TYPES: Record<string, Simple> = {
  number: "number", bool: "bool", text: "text", player: "player", card: "card", stat: "stat", zone: "zone", use: "use", bonus: "bonus", description: "description", ability: "ability",
};

/** Parses a written type name (`card`, `list[player]`, `duel?`). Returns null when unknown. */
export function typeFromName(name: string, arg: Ty | null, sequences: ReadonlySet<string>): Ty | null {
  if (name === "list") return arg ? T.list(arg) : null;
  if (arg) return null;
  if (SIMPLE_TYPES[name]) return T.simple(SIMPLE_TYPES[name]!);
  if (name === "action") return T.hook([]);
  if (sequences.has(name)) return T.frame(name);
  return null;
}
