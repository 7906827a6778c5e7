// "Move him home. This movement will not be negated.", "Move him home; if this Shugenja is Water, this
// movement will not be negated": the protection is of the movement the sentence before makes, so it is
// in effect when that movement happens: its statements (with their condition) come first, though the
// sentence is read second (its pronouns and condition may name what the first named).  Elsewhere the
// sentence protects nothing and is not read.
import type { LowerContext, Sink } from "./context.ts";
import { hookSinkFor } from "./hook-sentences.ts";
import { textOfWords, type Word } from "./words.ts";

const PROTECTION = "this movement will not be negated";

/** Whether the sentence protects "this movement" (the one the sentence before makes). */
export function protectsMovement(words: readonly Word[]): boolean {
  return textOfWords(words).toLowerCase().includes(PROTECTION);
}

/**
 * The movement sentence `moving` and the protection after it, read in that order and placed with the
 * protection first; the protection is not read (a warning) when the two would not end up in one place.
 */
export function movementProtected(cx: LowerContext, moving: Word[], protection: Word[], sink: Sink, read: (words: Word[], sink: Sink) => void): void {
  const target = hookSinkFor(cx, moving, sink) ?? sink;
  const before = target.stmts.length;
  read(moving, sink);
  const moved = target.stmts.splice(before);
  const protectedIn = hookSinkFor(cx, protection, sink) ?? sink;
  if (protectedIn !== target || moved.length === 0) {
    target.stmts.push(...moved);
    cx.unsupported(protection, protection[0]!.range, "the movement it protects is not made by the sentence before it");
    return;
  }
  // (its sentence may be read again inside: "if this Shugenja is Water, this movement ...")
  cx.protectingMovement = true;
  try {
    read(protection, sink);
  } finally {
    cx.protectingMovement = false;
  }
  target.stmts.push(...moved);
}
