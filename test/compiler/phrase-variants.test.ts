// Declared phrases with bracketed words (compiler/text/phrase-variants.ts): optional words and words of
// which the text says one, nested, each variant a plain phrase; the reader's form takes the first words.
import { describe, expect, it } from "vitest";
import { firstVariant, hasVariants, phraseVariants } from "../../compiler/text/phrase-variants.ts";

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
});
