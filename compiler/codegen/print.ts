// IR → TypeScript source text for expressions and statements.  Every string from a source file goes
// through `lit`, which escapes it as a JSON string literal: no title or text can become code.
import type { IrExpr, IrStmt, ModuleRef } from "../ir.ts";
import type { Ty } from "../types.ts";
import { safeName } from "../check/names.ts";
import { findNode, withoutEndCheckpoints } from "../tree.ts";

/** A string as a TypeScript literal (quotes, backslashes, line separators and lone surrogates escaped).
 *  A backslash is written `\u005c`: ts-morph's code writer takes the quote after an escaped backslash
 *  (`"a\\"`) for an escaped quote, and would then read a later string's `/*` as a comment it closes. */
export function lit(s: string): string {
  return JSON.stringify(s).replace(/\\\\/g, "\\u005c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/** Collects what a module must import while its code is printed. */
export interface ImportSink {
  use(ref: ModuleRef): string;
  useRuntime(name: string): string;
  /** The frame type of a sequence (`DuelFrame`). */
  frame(seq: string): string;
}

/** Where `self`, `you` and the ability's context come from in the function being printed. */
export interface PrintContext {
  readonly imports: ImportSink;
  /** Locals read somewhere in the function being printed: others are not declared (strict, no unused). */
  readonly used: ReadonlySet<string>;
  /** Is this effect a generator (called with `yield*`)? */
  yields(fn: ModuleRef): boolean;
  /** The names of the hooks a sequence or effect takes (null: not known). */
  hooksOf(fn: ModuleRef): readonly string[] | null;
  /** A zone's slot in the runtime's cache of a player's zones (null: not a zone each player has one of). */
  zoneSlot(name: string): number | null;
  /** In a heading: leave early once the sequence has ended. */
  readonly checkpoint: string | null;
  readonly frameVar: string;
  fresh(base: string): string;
  /** Printing the direct form (for agents that answer at once): no generator, each step run to its end
   *  where it is called and each decision answered there (see Rt.now). */
  readonly direct: boolean;
}

/** The name of a generated function's direct form (`$` is never in a source name). */
export function directName(name: string): string {
  return `${name}$direct`;
}

/** A call of a generated generator: delegated to, or (direct form) a call of its direct form. */
function callStep(fn: ModuleRef, args: string, c: PrintContext): string {
  return c.direct ? `${c.imports.use({ module: fn.module, name: directName(fn.name) })}(${args})` : `yield* ${c.imports.use(fn)}(${args})`;
}

/** A step of the runtime (or a hook): delegated to, or (direct form) run to its end at once. */
function runStep(step: string, c: PrintContext): string {
  return c.direct ? `rt.now(${step})` : `yield* ${step}`;
}

/** A decision put to a player: yielded, or (direct form) answered at once. */
function askDecision(decision: string, c: PrintContext): string {
  return c.direct ? `rt.answerNow(${decision})` : `yield ${decision}`;
}

/** The context of a closure inside the function being printed: always a generator of its own. */
function closureContext(c: PrintContext): PrintContext {
  return { ...c, checkpoint: null, direct: false };
}

export function tsType(t: Ty, imports: ImportSink): string {
  const base = ((): string => {
    switch (t.k) {
      case "number":
        return "number";
      case "bool":
        return "boolean";
      case "text":
      case "stat":
        return "string";
      case "player":
        return imports.useRuntime("Player");
      case "card":
        return imports.useRuntime("Card");
      case "zone":
        return imports.useRuntime("Zone");
      case "use":
        return imports.useRuntime("Use");
      case "bonus":
        return imports.useRuntime("Bonus");
      case "description":
        return imports.useRuntime("CardDescription");
      case "ability":
        return imports.useRuntime("GrantedAbility");
      case "list":
        return `${wrap(tsType(t.of, imports))}[]`;
      case "hook":
        return `${imports.useRuntime("Hook")}<[${t.params.map((p) => tsType(p, imports)).join(", ")}]>`;
      case "frame":
        return imports.frame(t.seq);
      case "none":
        return "null";
      case "error":
        return "never";
    }
  })();
  return t.nullable && t.k !== "none" ? `${base} | null` : base;
}

function wrap(type: string): string {
  return /[|&]/.test(type) ? `(${type})` : type;
}

const BIN: Record<string, string> = { or: "||", and: "&&", "==": "===", "!=": "!==", "<": "<", "<=": "<=", ">": ">", ">=": ">=", "+": "+", "-": "-", "*": "*" };

export function expr(e: IrExpr, c: PrintContext): string {
  const x = (y: IrExpr) => expr(y, c);
  switch (e.k) {
    case "num":
      return e.v < 0 ? `(${e.v})` : String(e.v);
    case "str":
      return lit(e.v);
    case "bool":
      return String(e.v);
    case "none":
      return "null";
    case "any":
      return c.imports.useRuntime("ANY");
    case "local":
      return safeName(e.name);
    case "self":
      return c.frameVar;
    case "hooks":
      return "hooks";
    case "you":
      return "u.player";
    case "thisCard":
      return "u.card";
    case "thisUse":
      return "u";
    case "letIn":
      return `((${safeName(e.name)}: ${tsType(e.ty, c.imports)}) => ${x(e.body)})(${x(e.value)})`;
    case "binding":
      return `(u.bindings[${lit(e.name)}] as ${tsType(e.ty, c.imports)})`;
    case "slot":
      return `(u.slots[${lit(e.name)}] as ${tsType(e.ty, c.imports)})`;
    case "eventArg":
      return `(u.eventArgs[${e.index}] as ${tsType(e.ty, c.imports)})`;
    case "active":
      return "rt.active";
    case "players":
      return "rt.turnOrder()";
    case "field":
      return `${x(e.frame)}.${safeName(e.field)}`;
    case "flag":
      return `(${x(e.card)}.flags[${lit(e.flag)}] === true)`;
    case "useFlag":
      return `rt.abilityFlag(${x(e.use)}, ${lit(e.flag)})`;
    case "cardProp":
      switch (e.prop) {
        case "inPlay":
          return `rt.inPlay(${x(e.card)})`;
        case "zoneOwner":
          return `rt.zoneOwner(${x(e.card)})`;
        case "title":
          return `${x(e.card)}.def.title`;
        case "name": {
          const c = x(e.card);
          return `(${c}.def.name ?? ${c}.def.title)`;
        }
        case "nameWords": {
          const c = x(e.card);
          return `(${c}.def.name ?? ${c}.def.title).split(" ")`;
        }
        case "clans":
          return `${x(e.card)}.def.clans`;
        case "type":
          return `${x(e.card)}.def.type`;
        case "attachedTo":
          return `${x(e.card)}.attachedTo`;
        case "attachments":
          return `rt.attachmentsOf(${x(e.card)})`;
        default:
          return `${x(e.card)}.${e.prop}`;
      }
    case "stat":
      return `rt.stat(${x(e.card)}, ${x(e.stat)})`;
    case "value":
      return `rt.value(${x(e.player)}, ${lit(e.name)})`;
    case "zone": {
      // A player's zone, asked for all the time, is found by its slot (no lookup by name).
      const slot = e.owner ? c.zoneSlot(e.name) : null;
      if (slot !== null) return `rt.zoneAt(${slot}, ${lit(e.name)}, ${x(e.owner!)})`;
      return `rt.zone(${lit(e.name)}, ${e.owner ? x(e.owner) : "null"})`;
    }
    case "useProp":
      return `${x(e.use)}.${e.prop}`;
    case "frameProp":
      return `${x(e.frame)}.${e.prop}`;
    case "bonusProp":
      return `${x(e.bonus)}.${e.prop}`;
    case "callFn":
    case "param":
      return `${c.imports.use(e.fn)}(${["rt", ...e.args.map(x)].join(", ")})`;
    case "callSeq":
      return `(${callStep(e.fn, ["rt", ...e.args.map(x), hooksArg(e.hooks, c, e.fn)].join(", "), c)})`;
    case "builtin":
      if (e.name === "sameList" || e.name === "flatten") c.imports.useRuntime(e.name);
      if (e.name === "abilityKeyword") c.imports.useRuntime("abilityHasKeyword");
      if (e.name === "abilityTiming") c.imports.useRuntime("abilityHasTiming");
      if ((e.name === "count" || e.name === "sum") && e.args[0]!.k === "comp") return countOrSum(e.name, e.args[0]!, c);
      // count, first, sum and topCards read a zone at once: no copy is needed.
      if (e.name !== "cardsIn") return builtin(e.name, e.args.map((a) => live(a, c)));
      return builtin(e.name, e.args.map(x));
    case "bin":
      if (e.op === "concat") return `[...${live(e.l, c)}, ...${live(e.r, c)}]`;
      if (e.op === "/") return `Math.floor(${x(e.l)} / ${x(e.r)})`;
      return `(${x(e.l)} ${BIN[e.op]} ${x(e.r)})`;
    case "not":
      return `!${x(e.e)}`;
    case "neg":
      return `-${x(e.e)}`;
    case "is":
      // A card type is compared directly; a kind asks the runtime (which types are of it).
      return e.kind ? `rt.isType(${x(e.card)}, ${lit(e.name)})` : `(${x(e.card)}.def.type === ${lit(e.name)})`;
    case "has":
      return `rt.hasKeyword(${x(e.card)}, ${lit(e.keyword)})`;
    case "hasAbility":
      return `${c.imports.useRuntime("hasAbilityKind")}(${x(e.card)}, ${lit(e.kind)})`;
    case "inList":
      return `${x(e.list)}.includes(${x(e.item)})`;
    case "inZone":
      return `(${x(e.card)}.zone === ${x(e.zone)})`;
    case "cond":
      return `(${x(e.c)} ? ${x(e.t)} : ${x(e.e)})`;
    case "list":
      return `[${e.items.map(x).join(", ")}]`;
    case "comp": {
      const v = safeName(e.binder);
      const identity = e.item.k === "local" && e.item.name === e.binder;
      // A comprehension makes a new list (filter and map do; without either, the source is copied).
      if (!e.filter && identity) return `[...${live(e.source, c)}]`;
      // Every card holding a flag: the runtime keeps them (a turn's records are cleared this way).
      if (identity && e.source.k === "builtin" && e.source.name === "allCards" && e.filter?.k === "flag" && e.filter.card.k === "local" && e.filter.card.name === e.binder) return `rt.cardsFlagged(${lit(e.filter.flag)})`;
      let out = live(e.source, c);
      if (e.filter) out = `${out}.filter((${v}) => ${x(e.filter)})`;
      if (!identity) out = `${out}.map((${v}) => ${x(e.item)})`;
      return out;
    }
    case "cardsOf":
      return `rt.cards(${x(e.zone)})`;
    case "chooseFrom":
      return `(${runStep(`rt.chooseFrom(${x(e.player)}, ${lit(e.prompt)}, ${x(e.source)})`, c)})`;
    case "ask":
      return `(${runStep(`rt.ask(${x(e.player)}, ${lit(e.prompt)})`, c)})`;
    case "uses":
      return `rt.uses(${lit(e.kind)}, ${x(e.player)}, ${e.card ? x(e.card) : "null"}, { ${Object.entries(e.bindings).map(([k, v]) => `${lit(k)}: ${x(v)}`).join(", ")} })`;
    case "announce":
      return `(${runStep(`rt.announce(${x(e.use)})`, c)})`;
    case "exists":
      return `rt.exists(${x(e.zone)})`;
    case "emitted":
      return `s.emitted(${lit(e.event)}, ${e.args ? `[${e.args.map(x).join(", ")}]` : "null"})`;
    case "last":
      if (!e.orFail) return `rt.last<${c.imports.frame(e.seq)}>(${lit(e.seq)})`;
      return `(rt.last<${c.imports.frame(e.seq)}>(${lit(e.seq)}) ?? rt.fail(${lit(`no ${e.seq} has happened yet`)}))`;
    case "current":
      return e.optional ? `rt.current<${c.imports.frame(e.seq)}>(${lit(e.seq)})` : `rt.running<${c.imports.frame(e.seq)}>(${lit(e.seq)})`;
    case "closure": {
      const params = e.params.map((p) => `${safeName(p.name)}: ${tsType(p.ty, c.imports)}`).join(", ");
      const inner = closureContext(c);
      return `function* (${params}): ${c.imports.useRuntime("Steps")} {\n${stmts(e.body, inner)}\n}`;
    }
    case "cardDef":
      return `s.cardDef(${lit(e.title)})`;
    case "random":
      return `rt.random(${x(e.source)})`;
    case "newZone":
      return `rt.newZone(${lit(e.name)}, ${x(e.owner)})`;
    case "allZones":
      return `rt.zonesOf(${lit(e.name)}, ${x(e.owner)})`;
    case "zoneProp":
      return e.prop === "owner" ? `rt.zonePlayer(${x(e.zone)})` : e.prop === "kind" ? `${x(e.zone)}.def.name` : `${x(e.zone)}.exists`;
    case "zoneValue":
      return `rt.zoneValue(${x(e.zone)}, ${lit(e.name)})`;
    case "remembered":
      return `rt.remembers(${x(e.fact)})`;
    case "playerProp":
      return `${x(e.player)}.${e.prop}`;
    case "asked":
      return `s.${e.what}(${lit(e.prompt)})`;
    case "bonusLit":
      return `{ stat: ${lit(e.stat)}, amount: ${e.amount} }`;
    case "grantedAbility":
      return `{ from: ${e.card}, index: ${e.index} }`;
    case "descriptionLit":
      return `{ type: ${lit(e.type)}, keywords: [${e.keywords.map(lit).join(", ")}], traits: [${e.traits.map(lit).join(", ")}], clans: [${e.clans.map(lit).join(", ")}], stats: { ${Object.entries(e.stats).map(([s, n]) => `${s}: ${n}`).join(", ")} } }`;
  }
}

/**
 * Whether a list has an item (an ability's "is there anything to choose?"): a filtered list is asked
 * with `some`, which builds no list; a target list also asks the rules' `targetable` entry.
 */
export function nonEmpty(e: IrExpr, c: PrintContext, targeted: boolean, anywhere = false): string {
  const last = anywhere ? ", true" : "";
  if (e.k === "comp" && e.item.k === "local" && e.item.name === e.binder) {
    const test = e.filter ? `(${safeName(e.binder)}) => ${expr(e.filter, c)}` : anywhere ? "undefined" : null;
    if (targeted) return `rt.anyTargetable(u, ${live(e.source, c)}${test ? `, ${test}` : ""}${last})`;
    return e.filter ? `${live(e.source, c)}.some(${test})` : `${live(e.source, c)}.length > 0`;
  }
  return targeted ? `rt.anyTargetable(u, ${live(e, c)}${anywhere ? ", undefined, true" : ""})` : `${live(e, c)}.length > 0`;
}

/** Counting or summing a comprehension goes through its source once, building no list. */
function countOrSum(name: "count" | "sum", e: Extract<IrExpr, { k: "comp" }>, c: PrintContext): string {
  const v = safeName(e.binder);
  const test = e.filter ? `(${v}) => ${expr(e.filter, c)}` : null;
  if (name === "count") {
    if (!test) return `${live(e.source, c)}.length`;
    return `${c.imports.useRuntime("countWhere")}(${live(e.source, c)}, ${test})`;
  }
  return `${c.imports.useRuntime("sumOf")}(${live(e.source, c)}, (${v}) => ${expr(e.item, c)}${test ? `, ${test}` : ""})`;
}

/** A list read immediately (spread, filtered, counted): a zone's cards need no copy. */
function live(e: IrExpr, c: PrintContext): string {
  if (e.k === "cardsOf") return `rt.view(${expr(e.zone, c)})`;
  if (e.k === "builtin" && e.name === "cardsIn") return `rt.view(${expr(e.args[0]!, c)})`;
  if (e.k === "cardProp" && e.prop === "attachments") return `rt.attachedView(${expr(e.card, c)})`;
  if (e.k === "builtin" && e.name === "allCards") return "rt.allCardsView()";
  return expr(e, c);
}

function builtin(name: string, args: string[]): string {
  switch (name) {
    case "count":
      return `${args[0]}.length`;
    case "sum":
      return `${args[0]}.reduce((a: number, b: number) => a + b, 0)`;
    case "first":
      return `(${args[0]}[0] ?? null)`;
    case "topCards":
      return `rt.view(${args[0]}).slice(0, ${args[1]})`;
    case "cardsIn":
      return `rt.cards(${args[0]})`;
    case "cardsInPlay":
      return "rt.cardsInPlay()";
    case "statOf":
      return `rt.stat(${args[0]}, ${args[1]})`;
    case "min":
      return `Math.min(${args[0]}, ${args[1]})`;
    case "max":
      return `Math.max(${args[0]}, ${args[1]})`;
    case "sameList":
      return `sameList(${args[0]}, ${args[1]})`;
    case "maxOf":
      return `${args[0]}.reduce((a: number, b: number) => Math.max(a, b), ${args[1]})`;
    case "flatten":
      return `flatten(${args[0]})`;
    case "nextPlayer":
      return `rt.nextPlayer(${args[0]})`;
    case "allCards":
      return "rt.allCards()";
    case "timeNow":
      return "rt.timeNow()";
    case "newCard":
      return `rt.newCard(${args[0]}, ${args[1]})`;
    case "createCard":
      return `rt.createDescribed(${args[0]}, ${args[1]}, ${args[2]})`;
    case "withClan":
      return `rt.withClan(${args[0]}, ${args[1]})`;
    case "lastCreated":
      return "rt.lastCreated()";
    case "grantAbility":
      return `rt.grant(${args[0]}, ${args[1]}, rt.ongoing())`;
    case "hasAbilityText":
      return `rt.hasAbilityText(${args[0]}, ${args[1]})`;
    case "printAbility":
      return `rt.grant(${args[0]}, ${args[1]}, null)`;
    case "isCreated":
      return `(${args[0]}.def.created === true)`;
    case "str":
      return `String(${args[0]})`;
    case "hasKeywordNamed":
      return `rt.hasKeyword(${args[0]}, ${args[1]})`;
    case "keywordLevel":
      return `(Number.parseFloat(${args[0]}.def.levels?.[${args[1]}] ?? "") || 0)`;
    case "keywordLevelText":
      return `(${args[0]}.def.levels?.[${args[1]}] ?? "")`;
    case "retarget":
      return `rt.retarget(${args[0]}, ${args[1]}, ${args[2]})`;
    case "exchangeCards":
      return `rt.exchange(${args[0]}, ${args[1]})`;
    case "printedKeyword":
      return `rt.printsKeyword(${args[0]}, ${args[1]})`;
    case "abilityKeyword":
      return `abilityHasKeyword(${args[0]}, ${args[1]})`;
    case "abilityTiming":
      return `abilityHasTiming(${args[0]}, ${args[1]})`;
    case "rawStatOf":
      return `rt.rawStat(${args[0]}, ${args[1]})`;
    case "printedStatOf":
      return `(${args[0]}.def.stats[${args[1]}] ?? 0)`;
    case "measured":
      return `rt.measured(${args[0]}, ${args[1]}, ${args[2]})`;
    case "bonusOf":
      return `{ stat: ${args[0]}, amount: ${args[1]} }`;
    case "hasStat":
      return `rt.printsStat(${args[0]}, ${args[1]})`;
    case "callsEffect":
      return `rt.callsEffect(${args[0]}, ${args[1]})`;
    case "timingsOf":
      return `${args[0]}.ability.timings`;
    case "printedUse":
      return `${args[0]}.card.def.abilities.includes(${args[0]}.ability)`;
    case "keywordsOf":
      return `${args[0]}.ability.keywords`;
    case "playersFrom":
      return `rt.turnOrder(${args[0]})`;
    case "targetsOf":
      return `rt.targetsOf(${args[0]})`;
    case "performersOf":
      return `rt.performersOf(${args[0]})`;
    default:
      throw new Error(`no builtin ${name}`);
  }
}

function hooksArg(hooks: Record<string, IrExpr>, c: PrintContext, fn: ModuleRef): string {
  const entries = Object.entries(hooks);
  if (entries.length === 0) return c.imports.useRuntime("NO_HOOKS");
  // Each hook the callee takes is the caller's own of that name: the caller's hooks are passed on as
  // they are (the callee reads only its own), not copied into a new object at every call.
  const takes = c.hooksOf(fn);
  const own = (k: string): boolean => {
    const v = hooks[k];
    return v !== undefined && v.k === "field" && v.frame.k === "hooks" && v.field === k;
  };
  if (takes && takes.length > 0 && takes.every(own) && entries.length === takes.length) return "hooks";
  return `{ ${entries.map(([k, v]) => `${safeName(k)}: ${expr(v, c)}`).join(", ")} }`;
}

/** Every local name an IR tree reads. */
export function usedLocals(...trees: unknown[]): Set<string> {
  const out = new Set<string>();
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) for (const x of v) visit(x);
    else if (v && typeof v === "object") {
      const o = v as Record<string, unknown>;
      if (o.k === "local" && typeof o.name === "string") out.add(o.name);
      for (const key in o) visit(o[key]);
    }
  };
  for (const t of trees) visit(t);
  return out;
}

/** A loop's label, printed only when a `break` in its body leaves it. */
function label(name: string, body: readonly IrStmt[]): string {
  return findNode(body, (n) => n.k === "break" && n.label === name) ? `${name}: ` : "";
}

export function stmts(list: readonly IrStmt[], c: PrintContext): string {
  return list.map((s) => stmt(s, c)).join("\n");
}

/**
 * The body of a function whose only step is its last statement (analyze-yields): the rest as usual,
 * then that step returned for the caller's `yield*`, so the function needs no generator of its own.
 */
export function stmtsReturningTailStep(all: readonly IrStmt[], c: PrintContext): string {
  const list = withoutEndCheckpoints(all);
  const last = list[list.length - 1]!;
  const x = (e: IrExpr): string => expr(e, c);
  const rest = stmts(list.slice(0, -1), c);
  if (last.k === "if") {
    const otherwise = last.cond.k === "not" ? x(last.cond.e) : `!(${x(last.cond)})`;
    return `${rest}\nif (${otherwise}) return ${c.imports.useRuntime("NO_STEPS")};\n{\n${stmtsReturningTailStep(last.then, c)}\n}`;
  }
  let step: string;
  if (last.k === "emit") {
    step = `rt.hears(${lit(last.event)}) ? rt.emitHeard(${lit(last.event)}, [${last.args.map(x).join(", ")}]) : ${c.imports.useRuntime("NO_STEPS")}`;
  } else if (last.k === "callEffect") {
    step = `${c.imports.use(last.fn)}(${["rt", ...last.args.map(x)].join(", ")})`;
  } else {
    throw new Error(`internal: a ${last.k} statement is not a step to return`);
  }
  return `${rest}\nreturn ${step};`;
}

function block(list: readonly IrStmt[], c: PrintContext): string {
  return `{\n${stmts(list, c)}\n}`;
}

/** A loop whose every repetition is a step of the game: one that never ends stops at the step cap, and
 *  the error names it (the runtime keeps the loops running, so `finally` ends this one however it ends). */
function counted(where: string, c: PrintContext, loop: (mark: string) => string): string {
  const mark = c.fresh("loop");
  return `{\nconst ${mark} = rt.enterLoop(${lit(where)});\ntry {\n${loop(mark)}\n} finally {\nrt.exitLoop(${mark});\n}\n}`;
}

function stmt(s: IrStmt, c: PrintContext): string {
  const x = (e: IrExpr) => expr(e, c);
  switch (s.k) {
    case "let":
      if (!c.used.has(s.name)) return `${x(s.init)};`;
      return `let ${safeName(s.name)}: ${tsType(s.ty, c.imports)} = ${x(s.init)};`;
    case "assignLocal":
      // A local set but never read is not declared (see "let"): only its value is worked out.
      if (!c.used.has(s.name)) return `${x(s.value)};`;
      return `${safeName(s.name)} = ${x(s.value)};`;
    case "assignField":
      return `${x(s.frame)}.${safeName(s.field)} = ${x(s.value)};`;
    case "setFlag":
      return `rt.setFlag(${x(s.card)}, ${lit(s.flag)}, ${x(s.value)});`;
    case "setUseFlag":
      return `rt.setAbilityFlag(${x(s.use)}, ${lit(s.flag)}, ${x(s.value)});`;
    case "setFaceUp":
      return `rt.setFaceUp(${x(s.card)}, ${x(s.value)});`;
    case "setController":
      return `rt.setController(${x(s.card)}, ${x(s.value)});`;
    case "setValue":
      return `rt.setValue(${x(s.player)}, ${lit(s.name)}, ${x(s.value)});`;
    case "setNegated":
      return `${x(s.use)}.negated = ${x(s.value)};`;
    case "if":
      return `if (${x(s.cond)}) ${block(s.then, c)}${s.else ? ` else ${s.else.length === 1 && s.else[0]!.k === "if" ? stmt(s.else[0]!, c) : block(s.else, c)}` : ""}`;
    case "for": {
      const v = safeName(s.binder);
      if (!s.orderedBy) return `${label(s.label, s.body)}for (const ${v} of ${x(s.source)}) ${block(s.body, c)}`;
      const rest = c.fresh("rest");
      // The last one left needs no choice.
      const decision = `rt.decide(${x(s.orderedBy.player)}, ${lit(s.orderedBy.prompt)}, ${rest}.map((r) => ${c.imports.useRuntime("optionOf")}("", r)), 0)`;
      const next = `${rest}.length === 1 ? ${rest}.pop()! : ${c.imports.useRuntime("takeAt")}(${rest}, ${askDecision(decision, c)})`;
      return `{\nconst ${rest} = [...${live(s.source, c)}];\n${label(s.label, s.body)}while (${rest}.length > 0) {\nconst ${v} = ${next};\n${stmts(s.body, c)}\n}\n}`;
    }
    case "while":
      return counted(s.where, c, (loop) => `${label(s.label, s.body)}while (${x(s.cond)}) {\nrt.loopStep(${loop});\n${stmts(s.body, c)}\n}`);
    case "repeat": {
      const i = c.fresh("i");
      const n = c.fresh("n");
      return counted(s.where, c, (loop) => `${label(s.label, s.body)}for (let ${i} = 0, ${n} = ${x(s.count)}; ${i} < ${n}; ${i}++) {\nrt.loopStep(${loop});\n${stmts(s.body, c)}\n}`);
    }
    case "return":
      return "return;";
    case "stop":
      return `${c.frameVar}.stopped = true;\nreturn;`;
    case "abort":
      return `rt.abort(${x(s.frame)});`;
    case "emit":
      return `if (rt.hears(${lit(s.event)})) ${runStep(`rt.emitHeard(${lit(s.event)}, [${s.args.map(x).join(", ")}])`, c)};`;
    case "runHook": {
      const h = c.fresh("hook");
      return `{\nconst ${h} = ${x(s.hook)};\nif (${h}) ${runStep(`${h}(${s.args.map(x).join(", ")})`, c)};\n}`;
    }
    case "callEffect": {
      const args = ["rt", ...s.args.map(x), ...(Object.keys(s.hooks).length ? [hooksArg(s.hooks, c, s.fn)] : [])].join(", ");
      return c.yields(s.fn) ? `${callStep(s.fn, args, c)};` : `${c.imports.use(s.fn)}(${args});`;
    }
    case "move": {
      const face = s.facing === "up" ? "true" : s.facing === "down" ? "false" : "null";
      return `rt.move(${x(s.card)}, ${x(s.dest)}, ${lit(s.position)}, ${face});`;
    }
    case "create":
      return `rt.create(${x(s.zone)});`;
    case "cease":
      return `rt.cease(${x(s.zone)});`;
    case "modify": {
      const until = s.until ? x(s.until) : s.permanent ? "null" : "rt.ongoing()";
      if (s.stat.k === "none") {
        const b = c.fresh("bonus");
        return `{\nconst ${b} = ${x(s.amount)};\nrt.modify(${x(s.card)}, ${b}.stat, ${b}.amount, ${until});\n}`;
      }
      return `rt.modify(${x(s.card)}, ${x(s.stat)}, ${x(s.amount)}, ${until});`;
    }
    case "endModifiers":
      return `rt.endModifiers(${x(s.card)}, ${lit(s.stat)});`;
    case "override":
      return `rt.override(${lit(s.param)}, [${s.args.map(x).join(", ")}], ${x(s.value)}, ${s.until ? x(s.until) : s.permanent ? "null" : "rt.ongoing()"});`;
    case "lasting": {
      // The duration card text gives its effects: until the end of the first of these sequences running,
      // or until an event next happens.
      // (or until a condition first stops holding)
      const until = s.whileHolds ? `rt.whileHolds(() => ${x(s.whileHolds)})` : s.untilEvent ? `rt.untilEvent(${lit(s.untilEvent.event)}, [${s.untilEvent.args.map(x).join(", ")}])` : s.sequences.length ? `rt.innermost([${s.sequences.map(lit).join(", ")}])` : "null";
      return `rt.beginOngoing(${until});
try ${block(s.body, c)} finally {
rt.endOngoing();
}`;
    }
    case "add":
      return `${x(s.list)}.push(${x(s.item)});`;
    case "remove": {
      const i = c.fresh("at");
      return `{\nconst ${i} = ${x(s.list)}.indexOf(${x(s.item)});\nif (${i} >= 0) ${x(s.list)}.splice(${i}, 1);\n}`;
    }
    case "resolve":
      return `${runStep(`rt.resolve(${x(s.use)})`, c)};`;
    case "clause":
      return `// ${s.title.replace(/[\r\n\u2028\u2029]+/g, " ").replace(/\*\//g, "* /")}\n${block(s.body, c)}`;
    case "choose":
      return choose(s, c);
    case "once": {
      const call = (o: typeof s, group: string | null): string => {
        // Each part declares only the arguments it reads (strict, no unused locals).
        const binds = (read: Set<string>) => o.binders.filter((b) => read.has(b.name)).map((b) => `const ${safeName(b.name)} = args[${b.index}] as ${tsType(b.ty, c.imports)};\n`).join("");
        const condUses = usedLocals(o.cond);
        const bodyUses = usedLocals(o.body);
        const argsOf = (read: Set<string>) => (o.binders.some((b) => read.has(b.name)) ? "args" : "_args");
        const inner = closureContext(c);
        const when = `(${argsOf(condUses)}: readonly unknown[]): boolean => {\n${binds(condUses)}return ${o.cond ? x(o.cond) : "true"};\n}`;
        const tail = group ? `, ${o.each}, ${group}` : o.each ? ", true" : "";
        return `rt.once(${lit(o.event)}, rt.ongoing(), ${when}, function* (${argsOf(bodyUses)}: readonly unknown[]): ${c.imports.useRuntime("Steps")} {\n${binds(bodyUses)}${stmts(o.body, inner)}\n}${tail});`;
      };
      if (s.or.length === 0) return call(s, null);
      // "After the next time A or B": one group, of which the first to happen ends the others.
      const group = c.fresh("either");
      return `{\nconst ${group} = {};\n${[s, ...s.or].map((o) => call(o, group)).join("\n")}\n}`;
    }
    case "atEnd": {
      const inner = closureContext(c);
      return `rt.atEnd(${x(s.frame)}, function* (): ${c.imports.useRuntime("Steps")} {\n${stmts(s.body, inner)}\n});`;
    }
    case "expr":
      return `${x(s.e)};`;
    case "checkpoint":
      return c.checkpoint ?? "";
    case "players":
      return `const [${s.names.map((n) => (c.used.has(n) ? safeName(n) : "")).join(", ")}] = s.players([${s.names.map(lit).join(", ")}]);`;
    case "put": {
      const call = `s.put(${x(s.def)}, ${x(s.zone)}, ${s.copies})`;
      if (!s.binder || !c.used.has(s.binder)) return `${call};`;
      return s.copies > 1 ? `const ${safeName(s.binder)} = ${call};` : `const ${safeName(s.binder)} = ${call}[0]!;`;
    }
    case "answer":
      return `s.answer(${x(s.player)}, [${s.parts.map((p) => `{ ${p.kind === "label" ? "label" : p.kind}: ${x(p.e)} }`).join(", ")}], ${lit(s.source)});`;
    case "take":
      return `${runStep(`s.${s.forced ? "force" : "take"}(${x(s.card)}, ${x(s.player)}, ${s.ability ?? "null"})`, c)};`;
    case "expect": {
      const detail = s.detail.length ? s.detail.map((d) => `${lit(d.text + " is ")} + ${c.imports.useRuntime("show")}(${x(d.e)})`).join(` + ", " + `) : lit("it is not so");
      return `s.expect(${x(s.cond)}, ${lit(s.text)}, () => ${detail});`;
    }
    case "unscripted":
      return `s.setUnscripted(${lit(s.mode)});`;
    case "expectResult":
      return `s.expectResult(${lit(s.how)}, ${s.player ? x(s.player) : "null"}, ${lit(s.text)}, ${lit(s.source)});`;
    case "break":
      return `break ${s.label};`;
    case "window": {
      const rules = s.rules.map((r) => {
        if (!r.condition) return `{ timings: [${r.timings.map(lit).join(", ")}], when: null }`;
        const cond = x(r.condition);
        // Only the names the condition reads are declared (strict, no unused parameters).
        const params = [
          `${/\bplayer\b/.test(cond) ? "" : "_"}player: ${c.imports.useRuntime("Player")}`,
          `${/\bcard\b/.test(cond) ? "" : "_"}card: ${c.imports.useRuntime("Card")}`,
          `${/\bkeywords\b/.test(cond) ? "" : "_"}keywords: string[]`,
        ];
        return `{ timings: [${r.timings.map(lit).join(", ")}], when: (${params.join(", ")}) => ${cond} }`;
      });
      return `${runStep(`rt.window(${x(s.from)}, [${rules.join(", ")}]${s.once ? ", true" : ""})`, c)};`;
    }
    case "declare":
      return `rt.declare(${s.winner ? x(s.winner) : "null"}, ${x(s.reason)});`;
    case "eliminate":
      return `rt.eliminate(${x(s.player)}, ${x(s.reason)});`;
    case "refuse":
      return `rt.refuse(${x(s.message)});`;
    case "shuffle":
      return `rt.shuffle(${x(s.zone)});`;
    case "attach":
      return `rt.attach(${x(s.item)}, ${x(s.target)});`;
    case "detach":
      return `rt.detach(${x(s.item)});`;
    case "remember":
      return `rt.remember(${x(s.fact)});`;
    case "setActive":
      return `rt.setActive(${x(s.player)});`;
    case "setZoneValue":
      return `rt.setZoneValue(${x(s.zone)}, ${lit(s.name)}, ${x(s.value)});`;
    case "on": {
      const binds = s.binders.filter((b) => c.used.has(b.name)).map((b) => `const ${safeName(b.name)} = args[${b.index}] as ${tsType(b.ty, c.imports)};`).join("\n");
      return `s.on(${lit(s.event)}, (args) => {\n${binds}\n${stmts(s.body, { ...c, checkpoint: null })}\n});`;
    }
  }
}

function choose(s: Extract<IrStmt, { k: "choose" }>, c: PrintContext): string {
  const x = (e: IrExpr) => expr(e, c);
  const opts = c.fresh("options");
  const values = c.fresh("values");
  const pick = c.fresh("pick");
  // (imported only when an option lists values: an unused import fails the strict type check)
  const option = s.options.some((o) => o.binder && o.source) ? c.imports.useRuntime("optionOf") : "";
  // The options' values are kept beside them only when a branch reads its value; which branch was
  // picked is known from where each group of options ends (no list of branches is made).
  const keep = s.options.some((o) => o.binder && o.binderTy && c.used.has(o.binder));
  const value = (v: string) => (keep ? ` ${values}.push(${v});` : "");
  const ends = s.options.slice(0, -1).map(() => c.fresh("end"));
  const lines: string[] = [`const ${opts}: ${c.imports.useRuntime("Option")}[] = [];`];
  if (keep) lines.push(`const ${values}: unknown[] = [];`);
  s.options.forEach((o, i) => {
    if (o.binder && o.source) {
      const v = safeName(o.binder);
      const push = `{ ${opts}.push(${option}(${lit(o.label)}, ${v}));${value(v)} }`;
      // The options are listed at once (nothing moves while they are): the zone needs no copy.
      lines.push(`for (const ${v} of ${live(o.source, c)}) ${o.filter ? `if (${x(o.filter)}) ` : ""}${push}`);
    } else if (o.filter) lines.push(`if (${x(o.filter)}) { ${opts}.push({ label: ${lit(o.label)} });${value("null")} }`);
    else lines.push(`${opts}.push({ label: ${lit(o.label)} });${value("null")}`);
    if (i < ends.length) lines.push(`const ${ends[i]} = ${opts}.length;`);
  });
  lines.push(`const ${pick}: number = ${opts}.length === 1 ? 0 : ${askDecision(`rt.decide(${x(s.player)}, ${lit(s.prompt)}, ${opts})`, c)};`);
  const branch = ends.reduceRight((rest, end, i) => `${pick} < ${end} ? ${i} : ${rest}`, String(s.options.length - 1));
  lines.push(`switch (${branch}) {`);
  s.options.forEach((o, i) => {
    const bind = o.binder && o.binderTy && c.used.has(o.binder) ? `const ${safeName(o.binder)} = ${values}[${pick}] as ${tsType(o.binderTy, c.imports)};\n` : "";
    lines.push(`case ${i}: {\n${bind}${stmts(o.body, c)}\nbreak;\n}`);
  });
  lines.push("}");
  return `{\n${lines.join("\n")}\n}`;
}
