// Slots that read a declared list of words: an effect's `text` (or `list[text]`) parameter given a list
// in its phrase, `"negate {c}'s {kinds} from {source}" (kinds from preventions(), source from
// preventionSources())`, reads only the list's members ("bowing", "other players' actions"), so the
// rules name the words one frame reads, and a member added there is read by every frame naming the list.
// The list is a function of no parameters whose body is a list of strings (or the list itself), so the
// rules read the same words at run time.  A `list[text]` slot reads one or more members joined as card
// text joins them ("bowing and movement", "destruction, bowing, and movement", "gains or losses").
import type * as A from "../../grammar/index.ts";
import type { Symbols } from "../symbols.ts";
import type { Ty } from "../types.ts";
import type { SlotValue } from "./match.ts";
import { phraseVariants } from "./phrase-variants.ts";
import { literalAt, phraseWords, rangeOfWords, type Word } from "./words.ts";

/** The members of the list a setting's `from` names, each as its words; null when it names none. */
export interface Member {
  readonly words: readonly string[];
  /** As the rules write it, the value the slot gives. */
  readonly text: string;
}

export function declaredWordList(domain: A.Expr, symbols: Symbols): Member[] | null {
  let body: A.Expr | null = domain;
  if (domain.kind === "Call" && domain.callee.kind === "NameRef" && domain.args.length === 0) {
    const f = symbols.callables.get(domain.callee.name);
    body = f?.kind === "function" ? f.decl.body : null;
  }
  if (!body || body.kind !== "List" || body.items.length === 0) return null;
  const out: Member[] = [];
  for (const item of body.items) {
    if (item.kind !== "String") return null;
    // ("other [player's|players']": a member may say bracketed words, each wording giving the value as
    // the rules write it: phrase-variants.ts)
    for (const wording of phraseVariants(item.value)) out.push({ words: phraseWords(wording), text: item.value });
  }
  return out;
}

/** A slot's declared words, and whether each is a phrase of its own: a word the effect's body reads
 *  has a meaning there, which a scenario must exercise like any phrase's; a word it never reads ("his"
 *  in "may not use his abilities", "each" in "reduce each Honor loss") is grammar only. */
export interface SlotWords {
  readonly members: readonly Member[];
  readonly counted: boolean;
}

/** The word lists a condition's parameters name (`(period: text from abilityPeriods())`), read by its
 *  `body` (its filter or domain). */
export function paramWordLists(params: readonly A.Param[], symbols: Symbols, body: unknown): Map<string, SlotWords> {
  const out = new Map<string, SlotWords>();
  for (const p of params) {
    const list = p.words ? declaredWordList(p.words, symbols) : null;
    if (list) out.set(p.name.text, { members: list, counted: readsName(body, p.name.text) });
  }
  return out;
}

/** The word lists the settings of a phrase give its slots. */
export function slotWordLists(settings: readonly A.Setting[], symbols: Symbols, body: readonly A.Stmt[]): Map<string, SlotWords> {
  const out = new Map<string, SlotWords>();
  for (const s of settings) {
    const list = s.domain ? declaredWordList(s.domain, symbols) : null;
    if (list) out.set(s.name.text, { members: list, counted: readsName(body, s.name.text) });
  }
  return out;
}

/** Does the tree name `name` anywhere (a reference to the parameter)? */
function readsName(node: unknown, name: string): boolean {
  if (Array.isArray(node)) return node.some((n) => readsName(n, name));
  if (node === null || typeof node !== "object") return false;
  const o = node as Record<string, unknown>;
  if (o["kind"] === "NameRef" && o["name"] === name) return true;
  for (const k in o) if (k !== "range" && readsName(o[k], name)) return true;
  return false;
}

export interface MembersRead {
  readonly values: readonly string[];
  readonly range: A.Range;
  readonly next: number;
}

/** Each reading at `pos` of one member (or, `many`, of several joined by "and", "or" and commas). */
export function readMembers(members: readonly Member[], words: readonly Word[], pos: number, end: number, many: boolean): MembersRead[] {
  const out: MembersRead[] = [];
  const one = (at: number): { value: string; next: number }[] => {
    const found: { value: string; next: number }[] = [];
    for (const m of members) {
      let i = 0;
      while (i < m.words.length && at + i < end && literalAt(words, at + i) === m.words[i]) i++;
      if (i === m.words.length) found.push({ value: m.text, next: at + i });
    }
    return found;
  };
  const range = (next: number): A.Range => rangeOfWords(words.slice(pos, next), words[pos]!.range);
  const go = (at: number, values: string[], joined: boolean): void => {
    for (const m of one(at)) {
      const vs = [...values, m.value];
      // a list ends with its joining word's member: "A and B", "A, B, and C"
      if (values.length === 0 || joined) out.push({ values: vs, range: range(m.next), next: m.next });
      if (!many || joined) continue;
      const w = literalAt(words, m.next);
      const w2 = literalAt(words, m.next + 1);
      if (w === "and" || w === "or") go(m.next + 1, vs, true);
      else if (w === "," && (w2 === "and" || w2 === "or")) go(m.next + 2, vs, true);
      else if (w === ",") go(m.next + 1, vs, false);
    }
  };
  go(pos, [], false);
  return out;
}

/** What a slot with declared members reads at `pos`: a `text` slot one member, a `list[text]` slot
 *  one or more. */
export function memberSlotValues(part: { readonly ty: Ty; readonly members?: SlotWords }, words: readonly Word[], pos: number, end: number): { v: SlotValue; next: number }[] {
  if (!part.members || pos >= end) return [];
  const many = part.ty.k === "list";
  const counted = part.members.counted;
  return readMembers(part.members.members, words, pos, end, many).map((r) => ({
    v: many ? { ty: "texts", v: r.values, range: r.range, counted } : counted ? { ty: "text", v: r.values[0]!, range: r.range, member: true } : { ty: "text", v: r.values[0]!, range: r.range },
    next: r.next,
  }));
}
