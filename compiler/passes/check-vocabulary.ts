// Pass 2: the vocabulary refers only to what it declares (a type's kinds and stats, a zone's owner,
// where an ability kind is used from, which sequence a "later" phrase waits for, entry points), and
// every `{slot}` of a phrase names a parameter.
import type * as A from "../../grammar/index.ts";
import type { CompileContext } from "./context.ts";
import { declaredWordList } from "../text/word-lists.ts";

/** What the runtime calls, and the parameter types each takes. */
const ENTRY_POINTS: Record<string, readonly string[]> = {
  // A player takes an action (windows, reaction opportunities): an effect of the use.
  actions: ["use"],
  // A whole game: the sequence of play, from the decks to a winner.
  game: [],
  // Where a player may use a card's abilities: a function of the card and the player.
  usableFrom: ["card", "player"],
  // May a use target a card (the Rule of Location): a function of the use and the card.
  targetable: ["use", "card"],
  // ... a card its text says is targeted wherever it is ("at any location").
  targetableAnywhere: ["use", "card"],
  // Has a card a keyword (`c has K`, "a Shugenja Personality"): a function of the card and the keyword.
  hasKeyword: ["card", "text"],
  // A scenario's `take`: one opportunity for the player, in the window the rules say (an effect).
  opportunity: ["player"],
  // The rules' limits on using an ability (once per turn, not while bowed): a function of the use, none
  // when it may be used, otherwise why not.
  useLimit: ["use"],
  // Does a stat modifier count now ("Negate all Force penalties on him from actions"): a function of the
  // card, the stat, the amount, the use whose effects gave it (a `use?`) and when it began (a number).
  modifierApplies: ["card", "stat", "number", "use", "number"],
  // Does a triggered trait trigger while its card is out of play (its text says it is triggered from
  // that area): a function of the use.
  triggersOutOfPlay: ["use"],
  // A triggered trait is used (the rules count its uses): an effect of the use that puts no decision.
  traitUsed: ["use"],
  // Is a use taken without paying its costs ("to use its ability without cost"): a function of the use.
  costsWaived: ["use"],
};

/** What compiled card text calls (not the runtime), and the shape it needs. */
export const COMPILER_ENTRIES: Record<string, string> = {
  // An effect card text applies to each of several players ("Each player loses 5 Honor") runs inside
  // this sequence, given the players and each one's part as a hook.
  eachPlayer: "a sequence of one list[player] parameter with one hook of one player parameter",
  // "a Political action", "a Battle action": is the action one of that keyword (or designator)?
  actionKeyword: "a function of a use and a text",
};

function checkCompilerEntry(ctx: CompileContext, file: A.SourceFile, d: A.EntryDecl): void {
  const target = ctx.symbols.callables.get(d.target.text);
  if (d.name.text === "actionKeyword") {
    const params = target && target.kind === "function" ? target.decl.params.map((p) => p.type.name.text) : null;
    if (!params || params.join(",") !== "use,text") ctx.diags.error("vocab/entry-shape", `the entry point '${d.name.text}' needs ${COMPILER_ENTRIES[d.name.text]}; '${d.target.text}' is not`, file.path, d.target.range);
    return;
  }
  if (!target || target.kind !== "sequence") {
    ctx.diags.error("vocab/unknown-sequence", `the entry point '${d.name.text}' names a sequence; '${d.target.text}' is not one`, file.path, d.target.range);
    return;
  }
  const [players] = target.decl.params;
  const [hook] = target.decl.hooks;
  const fits =
    target.decl.params.length === 1 && players!.type.name.text === "list" && players!.type.arg?.name.text === "player" && !players!.type.nullable
    && target.decl.hooks.length === 1 && hook!.params.length === 1 && hook!.params[0]!.type.name.text === "player";
  if (!fits) ctx.diags.error("vocab/entry-shape", `the entry point '${d.name.text}' needs ${COMPILER_ENTRIES[d.name.text]}; '${d.target.text}' is not`, file.path, d.target.range);
}

export function checkVocabulary(ctx: CompileContext): void {
  const { symbols, diags } = ctx;
  for (const file of ctx.files) {
    for (const d of file.decls) {
      checkParamWords(ctx, file, d);
      switch (d.kind) {
        case "TypeDecl":
          for (const k of d.kinds) {
            if (!symbols.kinds.has(k.text)) diags.error("vocab/unknown-kind", `unknown kind of card '${k.text}'`, file.path, k.range);
          }
          for (const s of d.stats) {
            if (!symbols.stats.has(s.text)) diags.error("vocab/unknown-stat", `unknown stat '${s.text}'`, file.path, s.range);
          }
          if (d.playedFrom && !symbols.zones.has(d.playedFrom.text)) {
            diags.error("vocab/unknown-zone", `unknown zone '${d.playedFrom.text}'`, file.path, d.playedFrom.range);
          }
          if (d.traitsAs && !symbols.abilityKinds.has(d.traitsAs.text)) {
            diags.error("vocab/unknown-ability-kind", `unknown ability kind '${d.traitsAs.text}'`, file.path, d.traitsAs.range);
          }
          break;
        case "DurationDecl": {
          checkWordingSettings(ctx, file, d, "duration");
          for (const q of d.sequences) {
            const seq = symbols.callables.get(q.text);
            if (!seq || seq.kind !== "sequence") diags.error("vocab/unknown-sequence", `unknown sequence '${q.text}'`, file.path, q.range);
          }
          const defaults = symbols.durations.filter((x) => x.decl.isDefault);
          if (d.isDefault && defaults.length > 1 && defaults[0]!.decl !== d) diags.error("vocab/duplicate-default", "the rules have one default duration", file.path, d.range);
          if (d.untilEvent) {
            const ev = symbols.events.get(d.untilEvent.event.text);
            if (!ev) diags.error("event/unknown", `unknown event '${d.untilEvent.event.text}'`, file.path, d.untilEvent.event.range);
            else if (d.untilEvent.args.length > ev.decl.params.length) diags.error("call/too-many-arguments", `${d.untilEvent.event.text} has ${ev.decl.params.length} argument(s)`, file.path, d.untilEvent.event.range);
          }
          if (!d.isDefault && d.phrases.length === 0) diags.error("vocab/duration-phrase", "a duration names the phrases card text says it with (or is the `default`)", file.path, d.range);
          break;
        }
        case "KeywordDecl":
          if (d.text && d.names.length > 1) diags.error("vocab/keyword-text", "a keyword that gives cards text is declared alone, one keyword with its text", file.path, d.names[1]!.range);
          break;
        case "IconDecl":
          // `":g{n}:"`: one icon, with at most one number in it, that its phrase may use.
          if (!/^:[a-z]+(\{[a-z]+\})?[a-z]*:$/.test(d.icon.text)) diags.error("vocab/bad-icon", `an icon is written ":name:" (":bow:"), or with a number in it (":g{n}:"), not '${d.icon.text}'`, file.path, d.icon.range);
          for (const slot of d.phrase.text.match(/\{[a-z]+\}/g) ?? []) {
            if (!d.icon.text.includes(slot)) diags.error("vocab/bad-icon", `the phrase uses ${slot}, which the icon ${d.icon.text} does not have`, file.path, d.phrase.range);
          }
          break;
        case "PronounDecl":
          for (const t of d.types) {
            if (!symbols.types.has(t.text) && !symbols.kinds.has(t.text)) diags.error("vocab/unknown-type", `a pronoun stands for card types or kinds; '${t.text}' is neither`, file.path, t.range);
          }
          break;
        case "ZoneDecl":
          if (d.per && d.per.text !== "player" && d.per.text !== "card" && !symbols.zones.has(d.per.text)) {
            diags.error("vocab/bad-owner", `a zone belongs to a player, a card or another zone, not '${d.per.text}'`, file.path, d.per.range);
          }
          break;
        case "StatruleDecl":
          if (!symbols.stats.has(d.name.text)) diags.error("vocab/unknown-stat", `a stat rule is named after a stat; '${d.name.text}' is not one`, file.path, d.name.range);
          if (d.params.length !== 2) diags.error("call/arity", "a stat rule takes the card and its raw value: (c: card, raw: number)", file.path, d.range);
          break;
        case "AbilityKindDecl":
          checkWordingSettings(ctx, file, d, "ability kind");
          for (const z of d.from) {
            if (z.text !== "play" && !symbols.zones.has(z.text)) diags.error("vocab/unknown-zone", `unknown zone '${z.text}' (or 'play' for cards in play)`, file.path, z.range);
          }
          if (d.describes && !d.params.some((p) => p.name.text === d.describes!.text && (p.type.name.text === "card" || p.type.name.text === "player"))) {
            diags.error("vocab/describes", `an ability kind describes one of its card or player parameters; '${d.describes.text}' is not one`, file.path, d.describes.range);
          }
          if (d.measures) {
            const e = symbols.callables.get(d.measures.text);
            if (!e || e.kind !== "effect") diags.error("vocab/unknown-effect", `an ability kind measures the amount of an effect; '${d.measures.text}' is not one`, file.path, d.measures.range);
            else if (!e.decl.params.some((p) => p.type.name.text === "number")) diags.error("vocab/unknown-effect", `effect '${d.measures.text}' has no number to measure`, file.path, d.measures.range);
          }
          break;
        case "ReferenceDecl":
          for (const t of d.timings) {
            if (!symbols.timings.has(t.text)) diags.error("vocab/unknown-timing", `a reference is for abilities of declared timings; '${t.text}' is not one`, file.path, t.range);
          }
          break;
        case "LaterDecl": {
          checkWordingSettings(ctx, file, d, "later");
          if (d.sequence) {
            const seq = symbols.callables.get(d.sequence.text);
            if (!seq || seq.kind !== "sequence") diags.error("vocab/unknown-sequence", `unknown sequence '${d.sequence.text}'`, file.path, d.sequence.range);
          }
          if (d.onceEvent) {
            const ev = symbols.events.get(d.onceEvent.event.text);
            if (!ev) diags.error("event/unknown", `unknown event '${d.onceEvent.event.text}'`, file.path, d.onceEvent.event.range);
            else if (d.onceEvent.args.length > ev.decl.params.length) diags.error("call/too-many-arguments", `${d.onceEvent.event.text} has ${ev.decl.params.length} argument(s)`, file.path, d.onceEvent.event.range);
          }
          break;
        }
        case "EntryDecl": {
          if (d.name.text in COMPILER_ENTRIES) {
            checkCompilerEntry(ctx, file, d);
            break;
          }
          const wants = ENTRY_POINTS[d.name.text];
          if (!wants) {
            diags.error("vocab/unknown-entry", `unknown entry point '${d.name.text}' (the runtime calls: ${Object.keys(ENTRY_POINTS).join(", ")}; card text: ${Object.keys(COMPILER_ENTRIES).join(", ")})`, file.path, d.name.range);
          }
          const target = symbols.callables.get(d.target.text);
          if (!target || target.kind === "param") {
            diags.error("vocab/unknown-effect", `unknown effect, sequence or function '${d.target.text}'`, file.path, d.target.range);
          } else if (wants && (target.decl.params.length !== wants.length || target.decl.params.some((p, i) => p.type.name.text !== wants[i]))) {
            const shape = wants.length ? `(${wants.join(", ")})` : "no parameters";
            diags.error("vocab/entry-shape", `the entry point '${d.name.text}' is called with ${shape}; '${d.target.text}' takes (${target.decl.params.map((p) => p.type.name.text).join(", ")})`, file.path, d.target.range);
          }
          break;
        }
        case "EffectDecl":
          for (const p of d.phrases) {
            // (an alternative of bracketed words may set parameters: grammar/phrase-settings.ts)
            for (const s of p.wordingSettings.flatMap((g) => g.settings)) {
              if (!d.params.some((x) => x.name.text === s.name.text)) diags.error("phrase/unknown-slot", `${d.name.text} has no parameter '${s.name.text}'`, file.path, s.name.range);
            }
            // (a slot may name a hook: the adjuncts card text adds after the frame, compiler/text/adjuncts.ts)
            checkSlots(ctx, file, p.text, [...d.params, ...d.hooks.map((h) => ({ name: h.name }) as A.Param)]);
            for (const s of p.settings) {
              const param = d.params.find((x) => x.name.text === s.name.text);
              if (!param) {
                diags.error("phrase/unknown-slot", `${d.name.text} has no parameter '${s.name.text}'`, file.path, s.name.range);
              } else if (s.domain && !s.target && isTextParam(param)) {
                // A text slot reads the words of a declared list (compiler/text/word-lists.ts).
                if (!declaredWordList(s.domain, symbols)) diags.error("phrase/word-list", `'${s.name.text}' reads the words of a list: a function of no parameters whose body is a list of strings, or such a list`, file.path, s.domain.range);
              } else if ((s.target || s.domain) && param.type.name.text !== "card") {
                diags.error("phrase/target-type", `only a card parameter can be a target ('${s.name.text}' is ${param.type.name.text})`, file.path, s.name.range);
              }
            }
          }
          break;
        case "EventDecl":
          for (const p of d.phrases) checkSlots(ctx, file, p, d.params);
          // (a bracketed alternative may set a parameter: which occurrences the wording names, compiler/text/event-settings.ts)
          checkWordingSettings(ctx, file, d, "event");
          break;
        case "ConditionDecl":
          // Card text gives a condition's parameters through its slots, or, for one with a default, what
          // a bracketed alternative sets (grammar/phrase-settings.ts).
          d.phrases.forEach((p, i) => {
            const set = new Set((d.wordingSettings[i] ?? []).flatMap((g) => g.settings.map((s) => s.name.text)));
            checkSlots(ctx, file, p, d.params);
            checkEverySlot(ctx, file, p, d.params.filter((x) => !x.init && !set.has(x.name.text)));
          });
          checkWordingSettings(ctx, file, d, "condition");
          break;
        case "PlaceDecl":
          // A first card parameter may go unsaid: the card the effect puts there ("home"); nothing else may.
          for (const p of d.phrases) {
            checkSlots(ctx, file, p, d.params);
            checkEverySlot(ctx, file, p, d.params.filter((x, i) => i > 0 || x.type.name.text !== "card"));
          }
          break;
        case "QualifierDecl":
          // The first parameter is the card the qualifier follows; a card it compares with may go unsaid
          // ("with lower Force": the card last referred to, compiler/text/nouns.ts), and so may a list of
          // cards (the cards chosen together: compiler/text/card-relations.ts); nothing else may.
          // A parameter with a default may go unsaid too, or be set by a bracketed alternative, as a
          // condition's (grammar/phrase-settings.ts).
          d.phrases.forEach((p, i) => {
            const set = new Set((d.wordingSettings[i] ?? []).flatMap((g) => g.settings.map((s) => s.name.text)));
            checkSlots(ctx, file, p, d.params);
            checkEverySlot(ctx, file, p, d.params.slice(1).filter((x) => x.type.name.text !== "card" && x.type.name.text !== "list" && !x.init && !set.has(x.name.text)));
          });
          checkWordingSettings(ctx, file, d, "qualifier");
          break;
        default:
          break;
      }
    }
  }
}

/** Each parameter is a slot of the phrase: one it leaves out would read whatever value of that name is
 *  in scope where card text uses the phrase. */
function checkEverySlot(ctx: CompileContext, file: A.SourceFile, phrase: A.PhraseText, params: readonly A.Param[]): void {
  for (const p of params) {
    if (phrase.text.includes(`{${p.name.text}}`)) continue;
    ctx.diags.error("phrase/missing-slot", `the phrase "${phrase.text}" has no slot {${p.name.text}}: card text could not give '${p.name.text}' a value`, file.path, phrase.range);
  }
}

function checkSlots(ctx: CompileContext, file: A.SourceFile, phrase: A.PhraseText, params: readonly A.Param[]): void {
  for (const m of phrase.text.matchAll(/\{([^}]*)\}/g)) {
    const name = m[1]!;
    if (!params.some((p) => p.name.text === name)) {
      const start = phrase.range.start + 1 + m.index!;
      ctx.diags.error("phrase/unknown-slot", `the phrase names '{${name}}', which is not a parameter`, file.path, { start, end: start + m[0].length });
    } else if (name !== name.toLowerCase()) {
      // (a phrase is read in lower case, its slots' names too: '{mayNot}' would never be given a value)
      const start = phrase.range.start + 1 + m.index!;
      ctx.diags.error("phrase/slot-case", `the slot '{${name}}' must be named in lower case: card text is matched in lower case`, file.path, { start, end: start + m[0].length });
    }
  }
}

/** `(period: text from abilityPeriods())`: only a condition's text parameter reads a declared list of words
 *  (compiler/text/word-lists.ts); an effect's names its list in its phrase's settings. */
function checkParamWords(ctx: CompileContext, file: A.SourceFile, d: A.Decl): void {
  const params = "params" in d && Array.isArray(d.params) ? (d.params as A.Param[]) : [];
  for (const p of params) {
    if (!p.words) continue;
    if (d.kind !== "ConditionDecl" || !isTextParam(p)) ctx.diags.error("phrase/word-list", `only a condition's text parameter reads a list of words ('${p.name.text}')`, file.path, p.words.range);
    else if (!declaredWordList(p.words, ctx.symbols)) ctx.diags.error("phrase/word-list", `'${p.name.text}' reads the words of a list: a function of no parameters whose body is a list of strings, or such a list`, file.path, p.words.range);
  }
}

/** What a condition's, a qualifier's, a later's, a duration's, an event's or a lead's bracketed alternatives set is one of its parameters, each
 *  with a default for the wordings that do not set it; a later or a duration has no slots, so every
 *  parameter it has is such a one. */
function checkWordingSettings(ctx: CompileContext, file: A.SourceFile, d: A.ConditionDecl | A.QualifierDecl | A.LaterDecl | A.DurationDecl | A.AbilityKindDecl | A.EventDecl, what: string): void {
  for (const s of d.wordingSettings.flat().flatMap((g) => g.settings)) {
    const param = d.params.find((x) => x.name.text === s.name.text);
    if (!param) ctx.diags.error("phrase/unknown-slot", `the ${what} has no parameter '${s.name.text}'`, file.path, s.name.range);
    else if (!param.init) ctx.diags.error("phrase/bracket-setting", `'${s.name.text}' has no default: a parameter an alternative sets has one, for the wordings that do not set it`, file.path, s.name.range);
  }
  // (a condition's, a qualifier's, an event's and an ability kind's other parameters are its slots' or the rules' to give)
  if (d.kind === "ConditionDecl" || d.kind === "QualifierDecl" || d.kind === "AbilityKindDecl" || d.kind === "EventDecl") return;
  const set = new Set(d.wordingSettings.flat().flatMap((g) => g.settings.map((s) => s.name.text)));
  for (const p of d.params) if (!p.init && !set.has(p.name.text)) ctx.diags.error("phrase/bracket-setting", `the ${what}'s parameter '${p.name.text}' has no default: card text gives it only through what a bracketed alternative sets`, file.path, p.name.range);
}

function isTextParam(p: A.Param): boolean {
  return p.type.name.text === "text" || (p.type.name.text === "list" && p.type.arg?.name.text === "text");
}
