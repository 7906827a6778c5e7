// Declared phrases with bracketed words (compiler/text/phrase-variants.ts): optional words and words of
// which the text says one, nested, each variant a plain phrase; the reader's form takes the first words.
import { describe, expect, it } from "vitest";
import { parse } from "../../grammar/index.ts";
import { firstVariant, hasVariants, phraseVariants, settingVariants } from "../../compiler/text/phrase-variants.ts";
import { eventWordings } from "../../compiler/text/event-settings.ts";

describe("phrase variants", () => {
  it("reads an optional word with and without it", () => {
    expect(phraseVariants("{c} would be opposed [there]")).toEqual(["{c} would be opposed there", "{c} would be opposed"]);
  });

  it("reads one of several words, and none when an alternative is empty", () => {
    expect(phraseVariants("{c} [opposes|is opposing] {o}").sort()).toEqual(["{c} is opposing {o}", "{c} opposes {o}"]);
    expect(phraseVariants("{c} won [it|[this|the] duel|]").sort()).toEqual(["{c} won", "{c} won it", "{c} won the duel", "{c} won this duel"]);
  });

  it("joins a possessive and commas to the word before once a word is left out", () => {
    expect(phraseVariants("[a|] battle['s] resolution").sort()).toEqual(["a battle resolution", "a battle's resolution", "battle resolution", "battle's resolution"]);
  });

  it("leaves a phrase without brackets as it is", () => {
    expect(phraseVariants("gain {n} Honor")).toEqual(["gain {n} Honor"]);
    expect(hasVariants("gain {n} Honor")).toBe(false);
  });

  it("gives a reader the first words of each group", () => {
    expect(firstVariant("{c} [assigns|is assigned] [to a battlefield]")).toBe("{c} assigns to a battlefield");
    expect(firstVariant("[it|[the|this] [Ranged|Melee] Attack] destroyed {c}")).toBe("it destroyed {c}");
  });

  it("gives each wording the settings its alternatives end with, and the words without them", () => {
    const phrase = "{a} challenges {b} [to a duel of {s}|[,] who may refuse (refusable = true)|]";
    expect(settingVariants(phrase).map((v) => [v.text, v.settings])).toEqual([
      ["{a} challenges {b} to a duel of {s}", []],
      ["{a} challenges {b}, who may refuse", ["refusable = true"]],
      ["{a} challenges {b} who may refuse", ["refusable = true"]],
      ["{a} challenges {b}", []],
    ]);
    expect(firstVariant("{c} [may (optional = true)|] compares")).toBe("{c} may compares");
    // (an inner alternative's settings hold only where its enclosing alternative is said)
    const nested = settingVariants("Ranged {n} Attack [that you [may (mayCompare = true)|] compare against {s}|]");
    expect(nested.find((v) => v.text === "Ranged {n} Attack")!.settings).toEqual([]);
    expect(nested.find((v) => v.text === "Ranged {n} Attack that you compare against {s}")!.settings).toEqual([]);
    expect(nested.find((v) => v.text === "Ranged {n} Attack that you may compare against {s}")!.settings).toEqual(["mayCompare = true"]);
  });
});

describe("settings in bracketed words", () => {
  const effect = (phrase: string): string => `effect challengeTo(a: card, b: card, refusable: bool = false, n: number = 0)\n  "${phrase}" {\n  bow(a)\n}\n`;

  it("parses what an alternative sets as expressions of the language", () => {
    const r = parse(effect("{a} challenges {b}[[,] who may refuse (refusable = true, n = 2 + 1)]"), "x.l5r");
    expect(r.errors).toEqual([]);
    const decl = r.file!.decls[0] as { phrases: { wordingSettings: { source: string; settings: { name: { text: string }; value: { kind: string } }[] }[] }[] };
    const group = decl.phrases[0]!.wordingSettings[0]!;
    expect(group.source).toBe("refusable = true, n = 2 + 1");
    expect(group.settings.map((s) => [s.name.text, s.value.kind])).toEqual([["refusable", "Bool"], ["n", "Binary"]]);
  });

  it("locates a setting that is not one, or is not at an alternative's end", () => {
    const text = effect("{a} challenges {b}[, who may refuse (refusable true)]");
    const r = parse(text, "x.l5r");
    expect(r.errors.map((e) => e.code)).toEqual(["phrase/bracket-setting"]);
    expect(text.slice(r.errors[0]!.range.start, r.errors[0]!.range.end)).toBe("refusable true");
    const middle = parse(effect("{a} [challenges (refusable = true) at once|] {b}"), "x.l5r");
    expect(middle.errors.map((e) => e.code)).toEqual(["phrase/bracket-setting"]);
    const pronoun = parse(`pronoun "[he (x = 1)|him]" for Personality\n`, "x.l5r");
    expect(pronoun.errors.map((e) => e.code)).toEqual(["phrase/bracket-setting"]);
  });

  it("parses what an alternative of a later's, a duration's or a lead's phrase sets", () => {
    const r = parse(`event e(n: number)\nlater "soon [again (n = 2)|]" (n: number = 1) = once e(n)\nduration "a while [longer (n = 3)|]" (n: number = 1) = until e(n)\nability hops "You may hop [twice (times = 2)|]" (times: number = 1)\n`, "x.l5r");
    expect(r.errors).toEqual([]);
    const sets = r.file!.decls.slice(1).map((d) => (d as unknown as { wordingSettings: { settings: { name: { text: string } }[] }[][] }).wordingSettings.map((groups) => groups.map((g) => g.settings.map((s) => s.name.text))));
    expect(sets).toEqual([[[["n"]]], [[["n"]]], [[["times"]]]]);
  });

  it("parses what an alternative of an event's phrase sets", () => {
    const r = parse(`event e(c: card, origin: text = "any") "{c} wins [a duel|[it|the duel] at once (origin = \\"now\\")]"\n`, "x.l5r");
    expect(r.errors).toEqual([]);
    const d = r.file!.decls[0] as unknown as { wordingSettings: { source: string; settings: { name: { text: string } }[] }[][] };
    expect(d.wordingSettings.map((groups) => groups.map((g) => [g.source, g.settings.map((s) => s.name.text)]))).toEqual([[['origin = "now"', ["origin"]]]]);
  });

  it("gives each wording of an event what it filters without a slot: its setting, else a parameter's default", () => {
    const r = parse(`event e(p: player, c: card? = none, origin: text = "any") "[{p} recruits|{c} is recruited] [from a province (origin = \\"province\\")|]"\n`, "x.l5r");
    expect(r.errors).toEqual([]);
    const filters = eventWordings(r.file!.decls[0] as never).map((w) => [w.variant, [...(w.unsaid ?? new Map()).entries()].map(([k, v]) => `${k}=${(v as { value?: unknown }).value ?? (v as { kind: string }).kind}`)]);
    expect(filters.sort()).toEqual(
      [
        ["{c} is recruited from a province", ["origin=province"]],
        ["{c} is recruited", ["origin=any"]],
        ["{p} recruits from a province", ["c=None", "origin=province"]],
        ["{p} recruits", ["c=None", "origin=any"]],
      ].sort(),
    );
  });

  it("parses what an alternative of a condition's phrase sets, for each of its phrases", () => {
    const r = parse(`condition "it is [late|early (early = true)]" "it is soon" (early: bool = false) = early\n`, "x.l5r");
    expect(r.errors).toEqual([]);
    const decl = r.file!.decls[0] as { wordingSettings: { source: string; settings: { name: { text: string } }[] }[][] };
    expect(decl.wordingSettings.map((groups) => groups.map((g) => g.settings.map((s) => s.name.text)))).toEqual([[["early"]], []]);
  });
});
