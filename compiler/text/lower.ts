// Card text → rules AST.  An ability's structure follows L5R templating:
//   [keywords] Timing[/Timing][, icons]: [constraints:] effects.     (an action)
//   <ability-kind lead>, effects.                                    ("As a Focus Effect, ...")
//   After/Before <event or timing point>[:|,] effects.                (a triggered trait or Reaction)
//   effects.                                                         (a continuous trait)
// This file orders the steps; triggers.ts, conditions.ts, nouns.ts and sentences.ts do them, sharing
// what the ability has named so far in a LowerContext (context.ts).
import type * as A from "../../grammar/index.ts";
import type { Diagnostics } from "../diagnostics.ts";
import type { Checker } from "../check/checker.ts";
import { T, type Ty } from "../types.ts";
import { phraseId, type KindLead, type Lexicon, type Reference } from "./lexicon.ts";
import { collapseWhitespace, rangeOfWords, startsWith, startsWithLiterals, wordsFromText, wordsOf, type Word } from "./words.ts";
import { didYouMean } from "../spelling.ts";
import { AstBuilder } from "./build.ts";
import { LowerContext, type LoweredAbility, type LoweredBinding, type Sink } from "./context.ts";
import { lowerTrigger, triggerPart } from "./triggers.ts";
import { effectClause, constraints, plan, sentences } from "./sentences.ts";
import { selectFilter } from "./nouns.ts";
import { sentencesAroundQuotes } from "./quotes.ts";
import { withoutStrayArticles } from "./stray-articles.ts";
import { sentencesAtSemicolons } from "./semicolons.ts";
import { optionalPaymentTrait } from "./payment-triggers.ts";
import { leadLength } from "./self-in-leads.ts";
import { wordingId } from "./phrase-variants.ts";
import { leadConditions } from "./lead-settings.ts";
import { playerDescription } from "./described-players.ts";

export type { AnnouncedChoice, LoweredAbility, LoweredBinding } from "./context.ts";

export class AbilityLowerer {
  private readonly cx: LowerContext;

  constructor(lex: Lexicon, checker: Checker, diags: Diagnostics, file: A.SourceFile, cardTitle: string, cardType: string | null = null, suggesting = true, nameIsSelf = true) {
    this.cx = new LowerContext(lex, checker, diags, file, cardTitle, cardType, suggesting, nameIsSelf);
  }

  /** How a quoted ability the text gives a card is compiled (none: not read). */
  set granting(grant: LowerContext["granting"]) {
    this.cx.granting = grant;
  }

  // ================================================================ abilities
  lower(ability: A.AbilityText): LoweredAbility | null {
    const cx = this.cx;
    cx.reset();
    // (A quoted ability given to a card is its text without the quotation marks.)
    const text = collapseWhitespace(cx.file.text.slice(ability.range.start, ability.range.end)).replace(/^["\u201c]([^]*)["\u201d]$/, "$1");
    // The words of each sentence, by segment, leaving out sentences with no words (reminder text) and
    // segments left with no sentences.
    const segments: Word[][][] = [];
    for (const s of ability.segments) {
      const sentences: Word[][] = [];
      for (const x of s.sentences) {
        // (a misprinted "a target an enemy card" read as printed English means it: stray-articles.ts)
        const words = withoutStrayArticles(wordsOf(x.elements));
        if (words.length > 0) sentences.push(...sentencesAroundQuotes(words, cx.file.text).flatMap(sentencesAtSemicolons));
      }
      if (sentences.length > 0) segments.push(sentences);
    }
    if (segments.length === 0) return null; // reminder text only

    let kind = "static";
    const timings: string[] = [];
    const keywords: string[] = [];
    const bindings: LoweredBinding[] = [];
    const available = new Map<string, Ty>([["you", T.player], ["self", T.card]]);
    cx.available = available;
    let trigger: LoweredAbility["trigger"] = null;
    const iconCosts: Word[][] = [];

    if (ability.header) {
      kind = "action";
      for (const group of ability.header.groups) {
        const last = group[group.length - 1]!;
        if (!cx.lex.timings.has(last.text)) cx.fail("unsupported/timing", `'${last.text}' is not a declared timing (an ability header ends with one: ${[...cx.lex.timings].join(", ")})`, last.range);
        else timings.push(last.text);
        for (const w of group.slice(0, -1)) {
          if (!cx.lex.keywords.has(w.text)) cx.fail("unsupported/keyword", `'${w.text}' is not a declared keyword${didYouMean(w.text, cx.lex.keywords)}`, w.range);
          else if (!keywords.includes(w.text)) keywords.push(w.text);
        }
      }
      // A header of icons alone names an ability kind whose lead is those icons (":bow:: Produce 2 Gold").
      const iconLead = ability.header.groups.length === 0 ? cx.lex.kindLeads.find((l) => l.icons && l.icons.join(" ") === ability.header!.icons.map((i) => i.name).join(" ")) : undefined;
      if (iconLead) {
        kind = iconLead.kind;
        for (const p of iconLead.params) {
          bindings.push({ name: p.name, ty: p.ty, source: { k: "kind" } });
          available.set(p.name, p.ty);
        }
      }
      // Each icon is a cost, written in the rules as the phrase it stands for (":g2:" is "pay 2 Gold").
      for (const icon of ability.header.icons) {
        const words = this.iconWords(icon);
        if (words) iconCosts.push(words);
      }
    }

    // The cost an icon stands for, written out before the colon ("Bow this card: Produce 2 Gold" is
    // ":bow:: Produce 2 Gold"): the kind whose lead is that icon, the phrase its cost.
    const written = !ability.header && segments.length === 2 && segments[0]!.length === 1 ? this.writtenIconLead(segments[0]![0]!) : null;
    if (written) {
      kind = written.kind;
      for (const p of written.params) {
        bindings.push({ name: p.name, ty: p.ty, source: { k: "kind" } });
        available.set(p.name, p.ty);
      }
      iconCosts.push(segments.shift()![0]!);
    }

    const first = segments[0]!;
    const firstWords = first[0]!;
    if (!ability.header && !written) {
      // A lead may follow the card's name for itself ("Okazaki enters play ..." is "Enters play ...").
      let subject = -1;
      for (const lead of cx.lex.kindLeads) {
        if (lead.icons) continue;
        let n = leadLength(firstWords, 0, lead.words, cx.matcher.selfNames);
        if (n < 0 && subject < 0) subject = this.selfSubject(firstWords);
        if (n < 0 && subject > 0) {
          n = startsWithLiterals(firstWords, subject, lead.words);
          if (n >= 0) {
            cx.refExpr(cx.lex.selfReference!, rangeOfWords(firstWords.slice(0, subject), firstWords[0]!.range));
            n += subject;
          }
        }
        if (n < 0) continue;
        const rest = firstWords.slice(n);
        // Icons after the lead are its costs, as in an action's header ("Invest :g4:: ...").
        while (rest[0]?.t === "icon" || (rest[0]?.t === "p" && rest[0].text === "," && rest[1]?.t === "icon")) {
          const w = rest.shift()!;
          if (w.t !== "icon") continue;
          const words = this.iconWords({ kind: "TextIcon", range: w.range, name: w.name });
          if (words) iconCosts.push(words);
        }
        if (rest[0]?.t === "p" && rest[0].text === ",") rest.shift();
        if (rest.length === 0) first.shift();
        else first[0] = rest;
        kind = lead.kind;
        cx.use(phraseId("lead", wordingId(lead)));
        for (const p of lead.params) {
          bindings.push({ name: p.name, ty: p.ty, source: { k: "kind" } });
          available.set(p.name, p.ty);
        }
        // (a trait holds to what its lead's wording set: lead-settings.ts)
        const range = rangeOfWords(firstWords, firstWords[0]!.range);
        cx.conditions.push(...leadConditions(lead.settled, range, (e) => cx.reRange(e, range)));
        if (lead.describes) return this.description(ability, lead, rest, segments, text, bindings, available);
        break;
      }
    }
    if (first.length === 0) segments.shift();
    // A trait of a kind that measures its icons' cost says all it does in them ("Discipline :g2:").
    const measuredByIcons = iconCosts.length > 0 && cx.lex.kindLeads.some((l) => l.kind === kind && l.measures);
    // A kind of no parameters that measures nothing is said whole by its lead: a permission the rules
    // ask about ("You may Equip this Follower as a Battle action": rules/equip-permissions.l5r).
    // (its parameters, if any, all the lead's to give: lead-settings.ts)
    const saidByLead = segments.length === 0 && iconCosts.length === 0 && cx.lex.kindLeads.some((l) => l.kind === kind && l.params.length === l.settled.length && !l.measures && !l.describes && !l.icons);
    if (saidByLead) {
      return { kind, timings: [], keywords: [], text, range: ability.range, trigger: null, bindings, targets: [], conditions: [...cx.conditions], costs: [], effects: [], phrases: [...cx.used].sort() };
    }
    if (segments.length === 0 && kind !== "static" && !measuredByIcons) {
      cx.fail("unsupported/no-effect", `the ${kind === "action" ? "ability" : `"${text.replace(/[.:,]+$/, "")}"`} has no effect`, ability.range);
      return null;
    }

    // ":bow:: When paying for a Monk, he enters play for 3 less Gold": icons, then a "When" trigger, are
    // a trait triggered by a Gold payment, which is optional (Twenty Festivals, SPECIAL TRIGGERED TRAITS:
    // such traits "whose effects produce Gold or reduce Gold costs, are optional"): offered as a Reaction
    // is, its icons its costs (payment-triggers.ts).
    if (ability.header && optionalPaymentTrait(ability.header, segments)) {
      kind = "action";
      timings.push("Reaction");
      bindings.length = 0;
      for (const name of [...available.keys()]) if (name !== "you" && name !== "self") available.delete(name);
    }
    cx.timings = timings;
    const isReaction = timings.includes("Reaction");
    const triggerAt = (kind === "static" && !delayedTrait(cx, segments)) || isReaction ? triggerPart(cx, segments) : -1;
    if (triggerAt >= 0) {
      const t = lowerTrigger(cx, segments, triggerAt, isReaction, bindings, available);
      if (!t) return null;
      trigger = t;
      if (!isReaction) kind = "trigger";
    } else if (isReaction) {
      const when = segments[0]?.[0]?.some((w) => w.t === "w" && w.lower === "when");
      // Twenty Festivals, "When" triggers: a Gold payment ("When paying ..."), or a player's choice as he
      // makes it ("When another player would target ..."): neither is a point the rules announce yet.
      if (when) cx.fail("unsupported/trigger", "a \"When ...\" trigger (a Gold payment, or a player's choice as he makes it) is not a point the rules announce yet", ability.range);
      else cx.fail("unsupported/trigger", "a Reaction names its trigger: \"Reaction: After ...:\"", ability.range);
      return null;
    }
    // "Events usually have a trait, which is treated as a triggered trait": the type says which kind.
    const traitKind = kind === "static" && cx.cardType ? cx.lex.traitsAs.get(cx.cardType) : undefined;
    if (traitKind) {
      kind = traitKind;
      const lead = cx.lex.kindLeads.find((l) => l.kind === traitKind);
      for (const p of lead?.params ?? []) {
        bindings.push({ name: p.name, ty: p.ty, source: { k: "kind" } });
        available.set(p.name, p.ty);
      }
    }

    cx.continuous = kind === "static";
    const effectsSink: Sink = { stmts: [], available, hookable: null, costs: false };
    const costSink: Sink = { stmts: [], available, hookable: null, costs: true };
    for (const words of iconCosts) effectClause(cx, words, costSink);
    if (segments.length === 0 && !measuredByIcons) {
      cx.unsupported([], ability.range, "the ability has no effect");
      return null;
    }
    for (const seg of segments.slice(0, -1)) for (const sentence of seg) constraints(cx, sentence, costSink);
    if (segments.length > 0) sentences(cx, segments[segments.length - 1]!, effectsSink);

    if (!cx.supported) return null;
    for (const call of cx.callsWithHooks) {
      call.args = call.args.filter((a) => !(a.value.kind === "Closure" && a.value.body.length === 0));
    }
    // "All ongoing effects last until the end of the current turn, unless they give a different duration"
    // (Twenty Festivals, Duration of effects): the rules' default duration, for all but continuous traits.
    const lasting = kind !== "static" && cx.lex.defaultDuration && effectsSink.stmts.length ? [new AstBuilder(ability.range).lasting(cx.lex.defaultDuration, effectsSink.stmts)] : effectsSink.stmts;
    return { kind, timings, keywords, text, range: ability.range, trigger, bindings, targets: cx.targets, conditions: cx.conditions, costs: costSink.stmts, effects: lasting, phrases: [...cx.used].sort() };
  }

  /**
   * A trait of a kind that `describes` a parameter: its lead, then a noun phrase the parameter must fit
   * ("Will only attach to a Crane Clan Personality": `to` must be a Crane Clan Personality), which is
   * the ability's condition.
   */
  private description(ability: A.AbilityText, lead: KindLead, words: Word[], segments: Word[][][], text: string, bindings: LoweredBinding[], available: Map<string, Ty>): LoweredAbility | null {
    const cx = this.cx;
    const kind = lead.kind;
    const param = lead.describes!;
    const end = words.length > 0 && words[words.length - 1]!.t === "p" ? words.length - 1 : words.length;
    const one = segments.length === 1 && segments[0]!.length === 1 && words.length > 0;
    // ("Will not join a Spider Clan player": a player description, described-players.ts)
    if (lead.params.find((p) => p.name === param)?.ty.k === "player") {
      const said = one ? playerDescription(cx, param, words.slice(0, end)) : null;
      if (!said) {
        cx.unsupported(words, ability.range, "it does not describe the players it is about");
        return null;
      }
      return { kind, timings: [], keywords: [], text, range: ability.range, trigger: null, bindings, targets: [], conditions: [...cx.conditions, said], costs: [], effects: [], phrases: [...cx.used].sort() };
    }
    let np = one ? cx.matcher.wholeCardPhrase(words, 0, end) : null;
    // The noun phrase may be followed by what the trait does for such cards ("Attaches to a Phoenix Clan
    // Personality for 1 less Gold").
    const sink: Sink = { stmts: [], available, hookable: null, costs: false };
    let effectWords: Word[] = [];
    if (one && lead.measures && (!np || np.k !== "select")) {
      const found = cx.matcher.cardPhrases(words, 0, end).find((p) => p.v.k === "select" && p.next < end && plan(cx, words.slice(p.next, end), sink) !== null);
      if (found) {
        np = found.v;
        effectWords = words.slice(found.next, end);
      }
    }
    if (!np || np.k !== "select") {
      cx.unsupported(words, ability.range, "it does not name the cards it is about");
      return null;
    }
    const b = new AstBuilder(np.range);
    cx.conditions.push(selectFilter(cx, np, b.ref(param)));
    if (effectWords.length > 0) effectClause(cx, effectWords, sink);
    if (!cx.supported) return null;
    return { kind, timings: [], keywords: [], text, range: ability.range, trigger: null, bindings, targets: [], conditions: cx.conditions, costs: [], effects: sink.stmts, phrases: [...cx.used].sort() };
  }

  /** How many words at the start of a sentence name the card itself (its name, "this card"), or 0. */
  private selfSubject(words: Word[]): number {
    const self = this.cx.lex.selfReference;
    if (!self) return 0;
    // (Any reference that is the card itself: "this card", "this Holding".)
    const isSelf = (r: Reference): boolean => r === self || (r.decl.body.kind === "NameRef" && r.decl.body.name === "self");
    const found = this.cx.matcher.cardPhrases(words, 0, words.length).find((p) => p.v.k === "ref" && isSelf(p.v.ref));
    return found ? found.next : 0;
  }

  /** The kind whose lead is one icon of no number that `words` are exactly the phrase of, or null. */
  private writtenIconLead(words: readonly Word[]): KindLead | null {
    const cx = this.cx;
    for (const lead of cx.lex.kindLeads) {
      if (lead.icons?.length !== 1) continue;
      const meaning = cx.lex.icons.find((m) => !m.slot && m.pattern.test(lead.icons![0]!));
      const phrase = meaning?.phrase.toLowerCase().split(" ");
      if (!meaning || !phrase || phrase.length !== words.length || startsWithLiterals(words, 0, phrase) < 0) continue;
      cx.use(phraseId("icon", meaning.phrase));
      return lead;
    }
    return null;
  }

  /** The words an icon stands for (`icon ":g{n}:" "pay {n} Gold"`), or null (with a warning) when the
   *  rules give it no meaning. */
  private iconWords(icon: A.TextIcon): Word[] | null {
    const cx = this.cx;
    for (const meaning of cx.lex.icons) {
      const m = meaning.pattern.exec(icon.name);
      if (!m) continue;
      const text = meaning.slot ? meaning.phrase.replace(`{${meaning.slot}}`, m[1]!) : meaning.phrase;
      cx.use(phraseId("icon", meaning.phrase));
      return wordsFromText(text, icon.range);
    }
    cx.fail("unsupported/icon", `the icon :${icon.name}: has no declared meaning yet`, icon.range);
    return null;
  }
}

/** "After your next turn begins, permanently give each of your provinces +2 strength" on an Event: a
 *  trait its type treats as one that happens at once (an Event's, when it is revealed) whose first
 *  words are a declared delay ("after your next turn begins"): the effects wait for it, as the same
 *  sentence does among an action's effects, and it is no trigger. */
function delayedTrait(cx: LowerContext, segments: Word[][][]): boolean {
  if (!cx.cardType || !cx.lex.traitsAs.has(cx.cardType)) return false;
  const first = segments[0]?.[0];
  const comma = first ? first.findIndex((w) => w.t === "p" && w.text === ",") : -1;
  if (!first || comma < 0) return false;
  return cx.lex.laters.some((l) => l.words.length === comma && startsWith(first, 0, l.words) === comma);
}
