// Mutations for fuzzing the parser and checker: token deletion, duplication and swaps, random Unicode,
// very long lines, deep nesting, truncation and splicing of two texts.  All choices come from a seeded
// generator, so every input can be made again from its seed.
import { lexer } from "../../grammar/tokens.ts";
import type { Rng } from "../../runtime/rng.ts";

export const MUTATIONS = ["delete", "duplicate", "swap", "unicode", "longLine", "deepNesting", "truncate", "splice", "garbage"] as const;
export type Mutation = (typeof MUTATIONS)[number];

/** Code points that have broken parsers and generated code before: controls, separators, surrogates. */
const NASTY = [0, 1, 8, 9, 10, 13, 27, 0x7f, 0xa0, 0x2028, 0x2029, 0x200b, 0x202e, 0xfeff, 0xd800, 0xdfff, 0xfffd, 0x1f600, 0x10ffff, 0x22, 0x5c, 0x60, 0x24, 0x7b, 0x7d, 0x2a, 0x2f];

function randomChar(rng: Rng): string {
  const pick = rng.below(3);
  const cp = pick === 0 ? NASTY[rng.below(NASTY.length)]! : pick === 1 ? 0x20 + rng.below(0x5f) : rng.below(0x110000);
  // Lone surrogates are kept: JavaScript strings may hold them, and so may a decoded file.
  return cp >= 0xd800 && cp <= 0xdfff ? String.fromCharCode(cp) : String.fromCodePoint(cp);
}

function tokenSpans(text: string): { start: number; end: number }[] {
  return lexer.tokenize(text).tokens.map((t) => ({ start: t.startOffset, end: t.startOffset + t.image.length }));
}

export function mutate(text: string, other: string, rng: Rng): { mutation: Mutation; text: string } {
  const mutation = MUTATIONS[rng.below(MUTATIONS.length)]!;
  return { mutation, text: apply(mutation, text, other, rng) };
}

function apply(m: Mutation, text: string, other: string, rng: Rng): string {
  const spans = m === "delete" || m === "duplicate" || m === "swap" ? tokenSpans(text) : [];
  const at = () => rng.below(text.length + 1);
  switch (m) {
    case "delete": {
      if (!spans.length) return text;
      const s = spans[rng.below(spans.length)]!;
      return text.slice(0, s.start) + text.slice(s.end);
    }
    case "duplicate": {
      if (!spans.length) return text;
      const s = spans[rng.below(spans.length)]!;
      return text.slice(0, s.end) + " " + text.slice(s.start, s.end) + text.slice(s.end);
    }
    case "swap": {
      if (spans.length < 2) return text;
      const i = rng.below(spans.length - 1);
      const a = spans[i]!;
      const b = spans[i + 1 + rng.below(Math.min(5, spans.length - i - 1))]!;
      return text.slice(0, a.start) + text.slice(b.start, b.end) + text.slice(a.end, b.start) + text.slice(a.start, a.end) + text.slice(b.end);
    }
    case "unicode": {
      let out = text;
      for (let k = 1 + rng.below(8); k > 0; k--) {
        const i = rng.below(out.length + 1);
        out = out.slice(0, i) + randomChar(rng) + out.slice(i);
      }
      return out;
    }
    case "longLine": {
      const i = at();
      const unit = ["a", "x1 ", "+ 1 ", "\"s\" ", ".", "word ", "{"][rng.below(7)]!;
      return text.slice(0, i) + unit.repeat(2_000 + rng.below(20_000)) + text.slice(i);
    }
    case "deepNesting": {
      const i = at();
      const depth = 50 + rng.below(5_000);
      const [open, close] = [["(", ")"], ["[", "]"], ["{ ", " }"], ["if true { ", " }"], ["not ", ""]][rng.below(5)]!;
      return text.slice(0, i) + open.repeat(depth) + "1" + close.repeat(rng.below(2) ? depth : rng.below(depth)) + text.slice(i);
    }
    case "truncate":
      return text.slice(0, at());
    case "splice": {
      const j = rng.below(other.length + 1);
      return text.slice(0, at()) + other.slice(j, j + 1 + rng.below(2_000)) + text.slice(at());
    }
    case "garbage": {
      let out = "";
      for (let k = 50 + rng.below(2_000); k > 0; k--) out += randomChar(rng);
      const i = at();
      return text.slice(0, i) + out + text.slice(i);
    }
  }
}
