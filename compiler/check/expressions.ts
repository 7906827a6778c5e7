// The checker's expressions: names, members, operators, narrowing, closures.
import type * as A from "../../grammar/index.ts";
import type { IrExpr } from "../ir.ts";
import { T, assignable, nonNull, nullable, sameType, show, type Ty } from "../types.ts";
import { Scope, type BodyContext } from "./scope.ts";
import { asSynthetic } from "./synthetic.ts";
import { frameTypeRef } from "./names.ts";
import { didYouMean } from "../spelling.ts";
import { CheckerCore, ERR, type Checked } from "./core.ts";
import { CARD_PROPS } from "./builtins.ts";

export abstract class ExpressionChecker extends CheckerCore {
  // ================================================================ expressions
  expr(e: A.Expr, scope: Scope, ctx: BodyContext): Checked {
    const syn = asSynthetic(e);
    if (syn) {
      if (syn.kind === "IrLeaf") return { ir: syn.ir, ty: syn.ty };
      const value = this.expr(syn.value, scope, ctx);
      const inner = scope.child();
      // A value that may be none is bound to a name, so that a test of it narrows it in the body.
      if (value.ty.nullable) {
        const name = `let_${syn.name}`;
        inner.define(syn.name, { ty: value.ty, ir: { k: "local", name }, assign: null });
        const body = this.expr(syn.body, inner, ctx);
        return { ir: { k: "letIn", name, ty: value.ty, value: value.ir, body: body.ir }, ty: body.ty };
      }
      inner.define(syn.name, { ty: value.ty, ir: value.ir, assign: null });
      return this.expr(syn.body, inner, ctx);
    }
    switch (e.kind) {
      case "Number":
        return { ir: { k: "num", v: e.value }, ty: T.number };
      case "String":
        return { ir: { k: "str", v: e.value }, ty: T.text };
      case "Bool":
        return { ir: { k: "bool", v: e.value }, ty: T.bool };
      case "None":
        return { ir: { k: "none" }, ty: T.none };
      case "NameRef":
        return this.name(e, scope, ctx);
      case "Member":
        return this.member(e, scope, ctx);
      case "Call":
        return this.callExpr(e, scope, ctx);
      case "Binary":
        return this.binary(e, scope, ctx);
      case "Unary": {
        const operand = this.expr(e.operand, scope, ctx);
        if (e.op === "not") {
          this.expect(operand, T.bool, ctx, e.operand.range, "the operand of 'not'");
          return { ir: { k: "not", e: operand.ir }, ty: T.bool };
        }
        this.expect(operand, T.number, ctx, e.operand.range, "the operand of '-'");
        return { ir: { k: "neg", e: operand.ir }, ty: T.number };
      }
      case "Is": {
        const subject = this.expr(e.subject, scope, ctx);
        this.expect(subject, T.card, ctx, e.subject.range, "the subject of 'is'");
        const name = e.typeName.text;
        if (!this.symbols.types.has(name) && !this.symbols.kinds.has(name)) {
          this.error("name/unknown-type", `'${name}' is neither a card type nor a kind of card${didYouMean(name, [...this.symbols.types.keys(), ...this.symbols.kinds.keys()])}`, ctx.file, e.typeName.range);
        }
        return { ir: { k: "is", card: subject.ir, name, kind: this.symbols.kinds.has(name) }, ty: T.bool };
      }
      case "Has": {
        const subject = this.expr(e.subject, scope, ctx);
        this.expect(subject, T.card, ctx, e.subject.range, "the subject of 'has'");
        if (this.symbols.abilityKinds.has(e.keyword.text)) return { ir: { k: "hasAbility", card: subject.ir, kind: e.keyword.text }, ty: T.bool };
        if (!this.symbols.keywords.has(e.keyword.text)) {
          this.error("name/unknown-keyword", `'${e.keyword.text}' is not a declared keyword${didYouMean(e.keyword.text, this.symbols.keywords.keys())}`, ctx.file, e.keyword.range);
        }
        return { ir: { k: "has", card: subject.ir, keyword: e.keyword.text }, ty: T.bool };
      }
      case "IfExpr": {
        const cond = this.expr(e.condition, scope, ctx);
        this.expect(cond, T.bool, ctx, e.condition.range, "a condition");
        const thenScope = this.narrowed(e.condition, scope, ctx);
        const a = this.expr(e.then, thenScope, ctx);
        const b = this.expr(e.else, this.narrowed(e.condition, scope, ctx, false), ctx);
        const ty = this.join(a.ty, b.ty);
        if (!ty) {
          this.error("type/mismatch", `the two branches have different types (${show(a.ty)} and ${show(b.ty)})`, ctx.file, e.range);
          return { ir: { k: "cond", c: cond.ir, t: a.ir, e: b.ir }, ty: T.error };
        }
        return { ir: { k: "cond", c: cond.ir, t: a.ir, e: b.ir }, ty };
      }
      case "List": {
        if (e.items.length === 0) return { ir: { k: "list", items: [] }, ty: T.list(T.error) };
        const items = e.items.map((i) => this.expr(i, scope, ctx));
        let ty: Ty | null = items[0]!.ty;
        for (const i of items.slice(1)) ty = ty ? this.join(ty, i.ty) : null;
        if (!ty) {
          this.error("type/mismatch", "the items of a list must have the same type", ctx.file, e.range);
          ty = T.error;
        }
        return { ir: { k: "list", items: items.map((i) => i.ir) }, ty: T.list(ty) };
      }
      case "Comprehension": {
        const source = this.listSource(e.source, scope, ctx);
        const inner = scope.child();
        inner.define(e.binder.text, { ty: source.element, ir: { k: "local", name: e.binder.text }, assign: null });
        const pureCtx = this.pure(ctx, "a list comprehension");
        let filter: IrExpr | null = null;
        let filterScope = inner;
        if (e.filter) {
          const f = this.expr(e.filter, inner, pureCtx);
          this.expect(f, T.bool, ctx, e.filter.range, "a filter");
          filter = f.ir;
          filterScope = this.narrowed(e.filter, inner, ctx);
        }
        const item = this.expr(e.item, filterScope, pureCtx);
        return { ir: { k: "comp", item: item.ir, binder: e.binder.text, source: source.ir, filter }, ty: T.list(item.ty) };
      }
      case "ChooseFrom": {
        const player = this.expr(e.player, scope, ctx);
        this.expect(player, T.player, ctx, e.player.range, "the choosing player");
        const source = this.listSource(e.source, scope, ctx);
        // (none is never an option: "none" is what the choice gives when nothing is chosen)
        if (source.element.nullable) this.error("type/nullable", `an item to choose from may be none here (the list is ${show(T.list(source.element))}); check each item with \`if x != none\` first`, ctx.file, e.source.range);
        this.requireGenerator(ctx, e.range, "A choice");
        this.recordDecision(e.prompt.text, { kind: "chooseFrom", options: new Map([["", source.element]]), file: ctx.file.path, range: e.range });
        return { ir: { k: "chooseFrom", player: player.ir, prompt: e.prompt.text, source: source.ir }, ty: nullable(source.element) };
      }
      case "Ask": {
        const player = this.expr(e.player, scope, ctx);
        this.expect(player, T.player, ctx, e.player.range, "the asked player");
        this.requireGenerator(ctx, e.range, "A question to a player");
        this.recordDecision(e.prompt.text, { kind: "ask", options: new Map([["yes", null], ["no", null]]), file: ctx.file.path, range: e.range });
        return { ir: { k: "ask", player: player.ir, prompt: e.prompt.text }, ty: T.bool };
      }
      case "Uses":
        return this.uses(e, scope, ctx);
      case "Announce": {
        const use = this.expr(e.use, scope, ctx);
        this.expect(use, T.use, ctx, e.use.range, "what is announced");
        this.requireGenerator(ctx, e.range, "Announcing an ability");
        return { ir: { k: "announce", use: use.ir }, ty: T.bool };
      }
      case "Exists": {
        const zone = this.expr(e.zone, scope, ctx);
        this.expect(zone, T.zone, ctx, e.zone.range, "the subject of 'exists'");
        return { ir: { k: "exists", zone: zone.ir }, ty: T.bool };
      }
      case "Emitted": {
        if (!ctx.scenario) this.error("rules/scenario-only", "'emitted' is only meaningful in a scenario", ctx.file, e.range);
        const ev = this.symbols.events.get(e.event.text);
        if (!ev) {
          this.error("event/unknown", `unknown event '${e.event.text}'`, ctx.file, e.event.range);
          return ERR;
        }
        let args: IrExpr[] | null = null;
        if (e.args) {
          if (e.args.length > ev.decl.params.length) this.error("call/too-many-arguments", `${e.event.text} has ${ev.decl.params.length} argument(s)`, ctx.file, e.range);
          args = e.args.map((a, i) => {
            const c = this.expr(a.value, scope, ctx);
            const p = ev.decl.params[i];
            if (p) this.expect(c, this.resolveType(p.type, ev.file), ctx, a.range, `argument ${p.name.text}`);
            return c.ir;
          });
        }
        return { ir: { k: "emitted", event: e.event.text, args }, ty: T.number };
      }
      case "Last": {
        const seq = this.sequence(e.sequence.text);
        if (!seq) {
          this.error("name/unknown-sequence", `unknown sequence '${e.sequence.text}'${didYouMean(e.sequence.text, this.sequenceNames)}`, ctx.file, e.sequence.range);
          return ERR;
        }
        // None before the sequence has run (`expect (last duel) == none`); a member read from it
        // (`(last duel).winners`) reads the frame, and stops the game with an error when none has run.
        return { ir: { k: "last", seq: e.sequence.text, frameType: frameTypeRef(seq), orFail: false }, ty: nullable(T.frame(e.sequence.text)) };
      }
      case "Closure":
        return this.closure(e, scope, ctx);
      case "Asked":
        if (!ctx.scenario) this.error("rules/scenario-only", `'${e.what}' is only meaningful in a scenario`, ctx.file, e.range);
        return { ir: { k: "asked", what: e.what, prompt: e.prompt.text }, ty: T.number };
      case "Random": {
        const source = this.listSource(e.source, scope, ctx);
        this.requireGenerator(ctx, e.range, "A random choice");
        return { ir: { k: "random", source: source.ir }, ty: nullable(source.element) };
      }
      case "NewZone": {
        const owner = this.zoneOwner(e.zone, e.owner, scope, ctx, true);
        this.requireGenerator(ctx, e.range, "Creating a zone");
        return { ir: { k: "newZone", name: e.zone.text, owner }, ty: T.zone };
      }
      case "AllZones": {
        const owner = this.zoneOwner(e.zone, e.owner, scope, ctx, true);
        return { ir: { k: "allZones", name: e.zone.text, owner }, ty: T.list(T.zone) };
      }
      case "Current": {
        const seq = this.sequence(e.sequence.text);
        if (!seq) {
          this.error("name/unknown-sequence", `unknown sequence '${e.sequence.text}'${didYouMean(e.sequence.text, this.sequenceNames)}`, ctx.file, e.sequence.range);
          return ERR;
        }
        // Reading the current frame of a sequence that is not running stops the game with an error, unless
        // it is written `current battle?` (then it is none).
        const ty = T.frame(e.sequence.text);
        return { ir: { k: "current", seq: e.sequence.text, frameType: frameTypeRef(seq), optional: e.optional }, ty: e.optional ? nullable(ty) : ty };
      }
      case "Remembered": {
        const fact = this.expr(e.fact, scope, ctx);
        this.expect(fact, T.text, ctx, e.fact.range, "what is remembered");
        return { ir: { k: "remembered", fact: fact.ir }, ty: T.bool };
      }
    }
  }

  /** The owner of a `new Z for x` / `all Z of x`: checked against how the zone kind is owned. */
  protected zoneOwner(zone: A.Name, ownerExpr: A.Expr, scope: Scope, ctx: BodyContext, many: boolean): IrExpr {
    const decl = this.symbols.zones.get(zone.text);
    const owner = this.expr(ownerExpr, scope, ctx);
    if (!decl) {
      this.error("name/unknown-zone", `unknown zone '${zone.text}'${didYouMean(zone.text, this.symbols.zones.keys())}`, ctx.file, zone.range);
      return owner.ir;
    }
    if (many && !decl.decl.many) this.error("rules/not-many", `a ${decl.decl.label} is not a zone an owner has many of (declare it 'many')`, ctx.file, zone.range);
    const want = decl.decl.per?.text;
    const ok = owner.ty.k === "error" || (want === "player" && owner.ty.k === "player") || (want === "card" && owner.ty.k === "card") || (want !== undefined && want !== "player" && want !== "card" && owner.ty.k === "zone");
    if (!ok) this.error("type/mismatch", `a ${decl.decl.label} belongs to a ${want ?? "nobody"}, not a ${show(owner.ty)}`, ctx.file, ownerExpr.range);
    return owner.ir;
  }

  /** The common type of two branches, if any (none joins anything as nullable). */
  protected join(a: Ty, b: Ty): Ty | null {
    if (a.k === "error") return b;
    if (b.k === "error") return a;
    if (a.k === "none") return nullable(b);
    if (b.k === "none") return nullable(a);
    if (a.k === "list" && b.k === "list") {
      // Lists join item by item: `[s] + [t]` with t: stat? may hold none.
      const of = this.join(a.of, b.of);
      if (!of) return null;
      return a.nullable || b.nullable ? nullable(T.list(of)) : T.list(of);
    }
    if (!sameType(a, b)) return null;
    return a.nullable || b.nullable ? nullable(a) : a;
  }

  /** A list or a zone used where a list of cards is read. */
  listSource(e: A.Expr, scope: Scope, ctx: BodyContext): { ir: IrExpr; element: Ty } {
    const c = this.expr(e, scope, ctx);
    if (c.ty.k === "zone") return { ir: { k: "cardsOf", zone: c.ir }, element: T.card };
    if (c.ty.k === "list") return { ir: c.ir, element: c.ty.of };
    if (c.ty.k !== "error") this.error("type/not-a-list", `expected a list or a zone but found ${show(c.ty)}`, ctx.file, e.range);
    return { ir: c.ir, element: T.error };
  }

  protected name(e: A.NameExpr, scope: Scope, ctx: BodyContext): Checked {
    const b = scope.lookup(e.name);
    if (b) return { ir: b.ir, ty: b.ty };
    if (e.name === "active") return { ir: { k: "active" }, ty: T.player };
    // Outside card text no action is being resolved (an Honor loss the rules themselves cause).
    if (e.name === "action") return { ir: { k: "none" }, ty: nullable(T.use) };
    // Nor is any ability's text: `thisAbility` names the use of the ability whose text it is.
    if (e.name === "thisAbility") return { ir: { k: "none" }, ty: nullable(T.use) };
    if (e.name === "players") return { ir: { k: "players" }, ty: T.list(T.player) };
    if (this.symbols.stats.has(e.name)) return { ir: { k: "str", v: e.name }, ty: T.stat };
    const zone = this.symbols.zones.get(e.name);
    if (zone) {
      if (zone.decl.per) {
        this.error("name/zone-owner", `the ${zone.decl.label} belongs to a ${zone.decl.per.text}: write it as x.${e.name}`, ctx.file, e.range);
        return ERR;
      }
      return { ir: { k: "zone", name: e.name, owner: null }, ty: T.zone };
    }
    if (this.symbols.callables.has(e.name)) {
      const kind = this.symbols.callables.get(e.name)!.kind;
      this.error("call/not-called", `'${e.name}' is ${kind === "effect" ? "an" : "a"} ${kind}: call it with (...)`, ctx.file, e.range);
      return ERR;
    }
    const hint =
      e.name === "you" || e.name === "self"
        ? ` ('${e.name}' exists only in card text${e.name === "self" ? " and sequences" : ""})`
        : didYouMean(e.name, [...scope.visibleNames(), "active", "players", ...this.symbols.stats.keys(), ...this.symbols.zones.keys()]);
    this.error("name/unknown", `unknown name '${e.name}'${hint}`, ctx.file, e.range);
    return ERR;
  }

  /** Names of the zones whose owner kind (`per`: "player", "card", a zone's name, or none) fits. */
  protected zonesOwnedBy(fits: (per: string | undefined) => boolean): string[] {
    return [...this.symbols.zones].filter(([, z]) => fits(z.decl.per?.text)).map(([name]) => name);
  }

  protected member(e: A.MemberExpr, scope: Scope, ctx: BodyContext): Checked {
    const obj = this.lastAsFrame(this.expr(e.object, scope, ctx));
    const name = e.member.text;
    if (obj.ty.k === "error") return ERR;
    if (obj.ty.nullable) {
      this.error("type/nullable", `'${this.source(ctx, e.object.range)}' may be none here (it is ${show(obj.ty)}); check it with \`if x != none\` first`, ctx.file, e.object.range);
      return ERR;
    }
    /** `members`: what it does have, to suggest the one `name` misspells. */
    const unknown = (what: string, members: () => Iterable<string> = () => []): Checked => {
      this.error("name/unknown-member", `${what} has no '${name}'${didYouMean(name, members())}`, ctx.file, e.member.range);
      return ERR;
    };
    switch (obj.ty.k) {
      case "card": {
        const prop = CARD_PROPS[name];
        if (prop) return { ir: { k: "cardProp", card: obj.ir, prop: prop.prop }, ty: prop.ty };
        if (this.symbols.flags.has(name)) return { ir: { k: "flag", card: obj.ir, flag: name }, ty: T.bool };
        if (this.symbols.stats.has(name)) return { ir: { k: "stat", card: obj.ir, stat: { k: "str", v: name } }, ty: T.number };
        const zone = this.symbols.zones.get(name);
        if (zone && zone.decl.per?.text === "card") return { ir: { k: "zone", name, owner: obj.ir }, ty: T.zone };
        return unknown("a card", () => [...Object.keys(CARD_PROPS), ...this.symbols.flags.keys(), ...this.symbols.stats.keys(), ...this.zonesOwnedBy((per) => per === "card")]);
      }
      case "player": {
        if (name === "name") return { ir: { k: "playerProp", player: obj.ir, prop: "name" }, ty: T.text };
        if (name === "eliminated") return { ir: { k: "playerProp", player: obj.ir, prop: "eliminated" }, ty: T.bool };
        if (this.symbols.values.has(name)) return { ir: { k: "value", player: obj.ir, name }, ty: T.number };
        const zone = this.symbols.zones.get(name);
        if (zone && zone.decl.per?.text === "player") return { ir: { k: "zone", name, owner: obj.ir }, ty: T.zone };
        return unknown("a player", () => ["name", "eliminated", ...this.symbols.values.keys(), ...this.zonesOwnedBy((per) => per === "player")]);
      }
      case "frame": {
        if (name === "aborted") return { ir: { k: "frameProp", frame: obj.ir, prop: "aborted" }, ty: T.bool };
        const seq = this.sequence(obj.ty.seq);
        const field = seq ? this.frameFields(seq).get(name) : undefined;
        if (field) return { ir: { k: "field", frame: obj.ir, field: name }, ty: field.ty };
        return unknown(`a ${obj.ty.seq}`, () => ["aborted", ...(seq ? this.frameFields(seq).keys() : [])]);
      }
      case "zone": {
        if (name === "owner") return { ir: { k: "zoneProp", zone: obj.ir, prop: "owner" }, ty: nullable(T.player) };
        if (name === "exists") return { ir: { k: "zoneProp", zone: obj.ir, prop: "exists" }, ty: T.bool };
        // The kind of zone it is ("attackers" for any province's attacking side).
        if (name === "kind") return { ir: { k: "zoneProp", zone: obj.ir, prop: "kind" }, ty: T.text };
        if ([...this.symbols.zones.values()].some((z) => z.decl.values.some((v) => v.text === name))) return { ir: { k: "zoneValue", zone: obj.ir, name }, ty: T.number };
        const zone = this.symbols.zones.get(name);
        if (zone && zone.decl.per && zone.decl.per.text !== "player" && zone.decl.per.text !== "card") return { ir: { k: "zone", name, owner: obj.ir }, ty: T.zone };
        return unknown("a zone", () => [
          "owner",
          "exists",
          "kind",
          ...[...this.symbols.zones.values()].flatMap((z) => z.decl.values.map((v) => v.text)),
          ...this.zonesOwnedBy((per) => per !== undefined && per !== "player" && per !== "card"),
        ]);
      }
      case "use": {
        if (name === "card") return { ir: { k: "useProp", use: obj.ir, prop: "card" }, ty: T.card };
        if (name === "player") return { ir: { k: "useProp", use: obj.ir, prop: "player" }, ty: T.player };
        if (name === "negated") return { ir: { k: "useProp", use: obj.ir, prop: "negated" }, ty: T.bool };
        // A flag held by the use's ability on its card ("used this turn"), whatever use reads it.
        if (this.symbols.flags.has(name)) return { ir: { k: "useFlag", use: obj.ir, flag: name }, ty: T.bool };
        return unknown("a use of an ability", () => ["card", "player", "negated", ...this.symbols.flags.keys()]);
      }
      case "bonus": {
        // "+2F": its stat and its amount (what takes it away again: a token destroyed, rules/battle-text.l5r).
        if (name === "stat") return { ir: { k: "bonusProp", bonus: obj.ir, prop: "stat" }, ty: T.stat };
        if (name === "amount") return { ir: { k: "bonusProp", bonus: obj.ir, prop: "amount" }, ty: T.number };
        return unknown("a bonus", () => ["stat", "amount"]);
      }
      default:
        return unknown(`a ${show(obj.ty)}`);
    }
  }

  protected binary(e: A.BinaryExpr, scope: Scope, ctx: BodyContext): Checked {
    const l = this.expr(e.left, scope, ctx);
    const rightScope = e.op === "and" ? this.narrowed(e.left, scope, ctx) : e.op === "or" ? this.narrowed(e.left, scope, ctx, false) : scope;
    const r = this.expr(e.right, rightScope, ctx);
    switch (e.op) {
      case "and":
      case "or":
        if (!assignable(l.ty, T.bool)) this.expect(l, T.bool, ctx, e.left.range, `the left side of '${e.op}'`);
        if (!assignable(r.ty, T.bool)) this.expect(r, T.bool, ctx, e.right.range, `the right side of '${e.op}'`);
        return { ir: { k: "bin", op: e.op, l: l.ir, r: r.ir }, ty: T.bool };
      case "==":
      case "!=": {
        if (!this.join(l.ty, r.ty)) {
          this.error("type/not-comparable", `cannot compare ${show(l.ty)} with ${show(r.ty)}`, ctx.file, e.range);
        }
        if (l.ty.k === "list" || r.ty.k === "list") {
          // Lists are equal when they hold the same items in the same order.
          const same: IrExpr = { k: "builtin", name: "sameList", args: [l.ir, r.ir] };
          return { ir: e.op === "==" ? same : { k: "not", e: same }, ty: T.bool };
        }
        return { ir: { k: "bin", op: e.op, l: l.ir, r: r.ir }, ty: T.bool };
      }
      case "<":
      case "<=":
      case ">":
      case ">=":
        if (!assignable(l.ty, T.number)) this.expect(l, T.number, ctx, e.left.range, `the left side of '${e.op}'`);
        if (!assignable(r.ty, T.number)) this.expect(r, T.number, ctx, e.right.range, `the right side of '${e.op}'`);
        return { ir: { k: "bin", op: e.op, l: l.ir, r: r.ir }, ty: T.bool };
      case "+":
        if (l.ty.k === "list" || r.ty.k === "list") {
          const ty = this.join(l.ty, r.ty);
          if (!ty || ty.k !== "list") this.error("type/mismatch", `cannot add ${show(l.ty)} and ${show(r.ty)}`, ctx.file, e.range);
          return { ir: { k: "bin", op: "concat", l: l.ir, r: r.ir }, ty: ty ?? T.error };
        }
        if (l.ty.k === "text" && r.ty.k === "text") return { ir: { k: "bin", op: "+", l: l.ir, r: r.ir }, ty: T.text };
        return this.arithmetic(e, l, r, ctx);
      case "-":
      case "*":
      case "/":
        return this.arithmetic(e, l, r, ctx);
      case "in": {
        if (r.ty.k === "zone") {
          this.expect(l, T.card, ctx, e.left.range, "what is looked for in a zone");
          return { ir: { k: "inZone", card: l.ir, zone: r.ir }, ty: T.bool };
        }
        if (r.ty.k === "list") {
          if (!this.join(l.ty, r.ty.of)) this.error("type/mismatch", `a ${show(l.ty)} is never in a ${show(r.ty)}`, ctx.file, e.range);
          return { ir: { k: "inList", item: l.ir, list: r.ir }, ty: T.bool };
        }
        if (r.ty.k !== "error") this.error("type/not-a-list", `'in' needs a list or a zone on its right, not ${show(r.ty)}`, ctx.file, e.right.range);
        return { ir: { k: "bool", v: false }, ty: T.bool };
      }
    }
  }

  protected arithmetic(e: A.BinaryExpr, l: Checked, r: Checked, ctx: BodyContext): Checked {
    if (!assignable(l.ty, T.number)) this.expect(l, T.number, ctx, e.left.range, `the left side of '${e.op}'`);
    if (!assignable(r.ty, T.number)) this.expect(r, T.number, ctx, e.right.range, `the right side of '${e.op}'`);
    return { ir: { k: "bin", op: e.op as "+" | "-" | "*" | "/", l: l.ir, r: r.ir }, ty: T.number };
  }

  /** Names proven not none when `cond` holds (`x != none`, and conjunctions of such). */
  /** The scope where `cond` holds (`x != none and ...`), or, with `holds` false, where it does not
   *  (`x == none or ...`): the names it proves are not none are narrowed. */
  narrowed(cond: A.Expr, scope: Scope, ctx: BodyContext, holds = true): Scope {
    const names: string[] = [];
    const [joiner, test] = holds ? (["and", "!="] as const) : (["or", "=="] as const);
    const collect = (c: A.Expr): void => {
      if (c.kind === "Binary" && c.op === joiner) {
        collect(c.left);
        collect(c.right);
      } else if (c.kind === "Binary" && c.op === test && c.left.kind === "NameRef" && c.right.kind === "None") {
        names.push(c.left.name);
      } else if (!holds && c.kind === "Unary" && c.op === "not") {
        // not (x != none and ...) fails exactly when its operand holds
        const inner = c.operand;
        if (inner.kind === "Binary" && inner.op === "!=" && inner.left.kind === "NameRef" && inner.right.kind === "None") names.push(inner.left.name);
      }
    };
    collect(cond);
    if (names.length === 0) return scope;
    const inner = scope.child();
    for (const n of names) {
      const b = scope.lookup(n);
      if (b) inner.define(n, { ...b, ty: nonNull(b.ty) });
    }
    void ctx;
    return inner;
  }

  protected uses(e: A.UsesExpr, scope: Scope, ctx: BodyContext): Checked {
    const kind = this.symbols.abilityKinds.get(e.abilityKind.text);
    const player = this.expr(e.player, scope, ctx);
    this.expect(player, T.player, ctx, e.player.range, "the player using them");
    let card: IrExpr | null = null;
    if (e.card) {
      const c = this.expr(e.card, scope, ctx);
      this.expect(c, T.card, ctx, e.card.range, "the card");
      card = c.ir;
    }
    if (!kind) {
      this.error("name/unknown-ability-kind", `unknown ability kind '${e.abilityKind.text}'${didYouMean(e.abilityKind.text, this.symbols.abilityKinds.keys())}`, ctx.file, e.abilityKind.range);
      return ERR;
    }
    const bindings: Record<string, IrExpr> = {};
    for (const a of e.bindings) {
      const p = kind.decl.params.find((x) => x.name.text === a.name?.text);
      const value = this.expr(a.value, scope, ctx);
      if (!p) {
        this.error("call/unknown-argument", `ability kind ${e.abilityKind.text} has no '${a.name?.text}'`, ctx.file, a.range);
        continue;
      }
      this.expect(value, this.resolveType(p.type, kind.file), ctx, a.range, `'${p.name.text}'`);
      bindings[p.name.text] = value.ir;
    }
    for (const p of kind.decl.params) {
      if (!(p.name.text in bindings)) this.error("call/missing-argument", `ability kind ${e.abilityKind.text} needs '${p.name.text}'`, ctx.file, e.range);
    }
    return { ir: { k: "uses", kind: e.abilityKind.text, card, player: player.ir, bindings }, ty: T.list(T.use) };
  }

  closure(e: A.ClosureExpr, scope: Scope, ctx: BodyContext, expected?: readonly Ty[]): Checked {
    const inner = scope.child();
    const params = e.params.map((p, i) => {
      const ty = expected && !p.type.name.text ? expected[i]! : this.resolveType(p.type, ctx.file);
      inner.define(p.name.text, { ty, ir: { k: "local", name: p.name.text }, assign: "local" });
      return { name: p.name.text, ty };
    });
    const body = this.stmts(e.body, inner, { ...ctx, generator: true, sequence: null, returns: true, what: "a hook" });
    return { ir: { k: "closure", params, body }, ty: T.hook(params.map((p) => p.ty)) };
  }

  /** `(last duel).winners`: the member of the last frame, which must exist. */
  protected lastAsFrame(c: Checked): Checked {
    return c.ir.k === "last" && !c.ir.orFail ? { ir: { ...c.ir, orFail: true }, ty: nonNull(c.ty) } : c;
  }
}
