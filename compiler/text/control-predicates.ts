// What players control, own or have, and what there is: "you control a Tactician", "you have four or
// fewer cards in your hand", "you own a dead Courtier", "another player controls a dishonorable
// Personality", "if you do not control him", "there are no enemy units at the current battlefield".
import type * as A from "../../grammar/index.ts";
import { phraseId } from "./lexicon.ts";
import { literalAt as word, type Word } from "./words.ts";
import type { AstBuilder } from "./build.ts";
import type { LowerContext, Select } from "./context.ts";
import { candidatesOf, selectFilter, sourceOf } from "./nouns.ts";
import { slotExpr, whenSome } from "./conditions.ts";
import { controlsTitled } from "./titles.ts";
import { howMany, type Cmp } from "./condition-counts.ts";
import { quietCard, subjectPredicate } from "./predicates.ts";

// ---------------------------------------------------------------- "you control ...", "you have ..."
/** "you control a Tactician", "you do not control a Holding", "you control no Samurai", "you have four or
 *  fewer cards in your hand" (a player has the cards he controls: those in his hand, in play), "you own a
 *  dead Courtier" (the cards he owns). */
export function controls(cx: LowerContext, words: readonly Word[], end: number, b: AstBuilder, quiet: boolean): A.Expr | null {
  for (const p of cx.matcher.players(words, 0, end)) {
    const verb = word(words, p.next);
    let at = p.next + 1;
    let negate = false;
    if ((verb === "does" || verb === "do") && word(words, at) === "not" && word(words, at + 1) === "control") {
      negate = true;
      at += 2;
    } else if ((verb === "does" || verb === "do") && word(words, at) === "not" && word(words, at + 1) === "own") {
      negate = true;
      at += 2;
    } else if (verb !== "controls" && verb !== "control" && verb !== "has" && verb !== "have" && verb !== "owns" && verb !== "own") continue;
    // A card "has" its keywords, stats and attachments ("this Personality has Cavalry"): a card named as
    // a player stands for its controller only where the subject-predicate reading finds nothing.
    if ((verb === "has" || verb === "have") && p.v.k === "card" && p.v.range === p.v.card.range && subjectPredicate(cx, words, end, b, true)) continue;
    // "you own a dead Courtier": the cards' owner, wherever they are (ownership: rules/vocabulary.l5r).
    const owns = verb === "owns" || verb === "own" || word(words, p.next + 2) === "own";
    const count = howMany(cx, words, at, end, b, quiet);
    if (!count) continue;
    // "another player controls a dishonorable Personality": one is controlled by a player not you (only
    // "at least one" reads so: "another player controls two Holdings" is about one player's count).
    if (p.v.k === "other") {
      const atLeastOne = count.op === ">" && (count.next === at || word(words, at) === "any");
      if (p.v.quant !== "another" || negate || !atLeastOne) continue;
      const held = controlledBy(cx, words, count.next, end, b, (ctl) => b.bin("!=", ctl, b.ref("you")), undefined, owns ? "owner" : "controller");
      if (held && owns && !quiet) cx.use(phraseId("construct", "<player> owns <cards>"));
      if (held) return held;
      continue;
    }
    const player = quiet ? (p.v.k === "you" ? b.ref("you") : p.v.k === "card" ? quietCard(cx, p.v.card, b) : null) : slotExpr(cx, { ty: "player", v: p.v });
    if (!player) continue;
    const counted = controlledBy(cx, words, count.next, end, b, (ctl) => b.bin("==", ctl, player), count, owns ? "owner" : "controller");
    if (counted && owns && !quiet) cx.use(phraseId("construct", "<player> owns <cards>"));
    if (counted) return negate ? b.not(counted) : counted;
    if (owns) continue;
    // "you control Kakita Ichigiku": a card named by its title
    const titled = verb !== "has" && verb !== "have" && count.next === at ? controlsTitled(cx, words, at, end, player, b) : null;
    if (titled) return negate ? b.not(titled) : titled;
    // "if you do not control him": a card the text has named (a pronoun or a reference)
    const held = verb !== "has" && verb !== "have" && count.next === at ? controlsNamed(cx, words, at, end, player, b, quiet) : null;
    if (held) return negate ? b.not(held) : held;
  }
  return null;
}

/** Whether the player controls the one card words[at, end) name (a pronoun or a reference). */
function controlsNamed(cx: LowerContext, words: readonly Word[], at: number, end: number, player: A.Expr, b: AstBuilder, quiet: boolean): A.Expr | null {
  for (const c of cx.matcher.cardPhrases(words, at, end)) {
    if (c.next !== end || (c.v.k !== "pronoun" && c.v.k !== "ref")) continue;
    const card = quiet ? quietCard(cx, c.v, b) : slotExpr(cx, { ty: "card", v: c.v });
    if (!card) continue;
    if (!quiet) cx.use(phraseId("construct", "<player> controls <named card>"));
    return whenSome(cx, card, (x) => b.bin("==", b.member(x, "controller"), player));
  }
  return null;
}

/** Whether the cards words[at, end) name, controlled by a player `whose` accepts, are as many as `count`
 *  says (at least one when it says nothing). */
export function controlledBy(cx: LowerContext, words: readonly Word[], at: number, end: number, b: AstBuilder, whose: (controller: A.Expr) => A.Expr, count?: { op: Cmp; n: A.Expr }, by: "controller" | "owner" = "controller"): A.Expr | null {
  for (const c of cx.matcher.cardPhrases(words, at, end)) {
    if (c.next !== end || c.v.k !== "select" || c.v.target) continue;
    const controlled = b.comprehension("ctl", sourceOf(cx, c.v), b.and([selectFilter(cx, c.v, b.ref("ctl")), whose(b.member(b.ref("ctl"), by))]));
    return b.bin(count?.op ?? ">", b.call("count", [{ value: controlled }]), count?.n ?? b.num(0));
  }
  return null;
}

// ---------------------------------------------------------------- "there are ..."
export function thereAre(cx: LowerContext, words: readonly Word[], end: number, b: AstBuilder): A.Expr | null {
  if (word(words, 0) !== "there" || (word(words, 1) !== "are" && word(words, 1) !== "is")) return null;
  const count = howMany(cx, words, 2, end, b, false);
  if (!count) return null;
  for (const c of cx.matcher.cardPhrases(words, count.next, end)) {
    if (c.next !== end || c.v.k !== "select" || c.v.target) continue;
    return b.bin(count.op, b.call("count", [{ value: candidatesOf(cx, c.v as Select) }]), count.n);
  }
  return null;
}
