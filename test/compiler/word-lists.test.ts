// Slots that read a declared word list (compiler/text/word-lists.ts): one member, or several joined as
// card text joins them, and nothing that is not a member.
import { describe, expect, it } from "vitest";
import { readMembers, type Member } from "../../compiler/text/word-lists.ts";
import { phraseWords, wordsFromText } from "../../compiler/text/words.ts";

const members: Member[] = ["bowing", "destruction", "movement", "movement to the current battlefield"].map((text) => ({ words: phraseWords(text), text }));
const range = { start: 0, end: 0 };

function read(text: string, many: boolean): string[][] {
  const words = wordsFromText(text, range);
  return readMembers(members, words, 0, words.length, many).filter((r) => r.next === words.length).map((r) => [...r.values]);
}

describe("word lists", () => {
  it("reads one member, the longest where two begin alike", () => {
    expect(read("bowing", false)).toEqual([["bowing"]]);
    expect(read("movement to the current battlefield", false)).toEqual([["movement to the current battlefield"]]);
  });

  it("reads several joined by and, or and commas only in a list slot", () => {
    expect(read("bowing and movement", true)).toEqual([["bowing", "movement"]]);
    expect(read("destruction, bowing, and movement", true)).toEqual([["destruction", "bowing", "movement"]]);
    expect(read("destruction, bowing or movement", true)).toEqual([["destruction", "bowing", "movement"]]);
    expect(read("bowing and movement", false)).toEqual([]);
  });

  it("reads nothing that is not a member, and no list left unjoined", () => {
    expect(read("straightening", true)).toEqual([]);
    expect(read("bowing, movement", true)).toEqual([]);
    expect(read("bowing and straightening", true)).toEqual([]);
  });
});
