// `l5r import` and `l5r corpus`: the Oracle's markup and header fields become a card as an author would
// write it (what cannot be placed is reported by card), and each card is checked on its own.
import { describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { oracleText } from "../../compiler/import/markup.ts";
import { importRecord, readOracleRecords, type OracleRecord } from "../../compiler/import/oracle.ts";
import { checkCards, rulesContext } from "../../compiler/corpus/check-cards.ts";
import { generality, supportedLine, shapeOf } from "../../compiler/corpus/report.ts";
import { importAll, legalFilter } from "../../compiler/import/load.ts";
import { expandPath, readSource, rulesRoot } from "../../compiler/sources.ts";
import { l5r } from "../run-cli.ts";

const ctx = rulesContext(expandPath(rulesRoot).map((p) => readSource(p)));
const CORPUS = "../shared/cards/oracle-cards.dev.json";

function record(fields: Partial<OracleRecord> & { title: string; type: string }): OracleRecord {
  return { cardid: 1, legality: ["Race for the Throne (Samurai)"], ...fields };
}


describe("the Oracle's markup", () => {
  it("one ability per <br>, tags dropped with their words kept, entities read", () => {
    const t = oracleText("<b>Battle, :bow::</b> Bow a <b>Shadowlands &#149; Undead</b> Personality.<br><i>(Reminder text.)</i><br>After A &amp; B enter play, gain 1 Honor.");
    expect(t.abilities).toEqual(["Battle, :bow:: Bow a Shadowlands \u2022 Undead Personality.", "(Reminder text.)", "After A & B enter play, gain 1 Honor."]);
    expect(t.problems).toEqual([]);
  });

  it("what it changes or leaves out is reported: a line with no sentence end, a lone period, unknown markup", () => {
    const t = oracleText("Discipline :g2:<br>.<br><u>Open:</u> Gain 1 Honor.");
    expect(t.abilities).toEqual(["Discipline :g2:.", "Open: Gain 1 Honor."]);
    expect(t.problems).toHaveLength(4);
    expect(t.problems[0]).toContain("a period is added");
    expect(t.problems[1]).toContain('only "."');
    expect(t.problems.slice(2).every((p) => p.includes("<u>") || p.includes("</u>"))).toBe(true);
  });

  it("an italic sentence is color text, written between underscores; italics in parentheses or inside a sentence keep their words", () => {
    const t = oracleText("<b>Open:</b> <i>He centers himself.</i> Gain 1 Honor. <i>(Reminder.)</i><br>Bow a <i>bowed</i> card.");
    expect(t.abilities).toEqual(["Open: _He centers himself._ Gain 1 Honor. (Reminder.)", "Bow a bowed card."]);
    expect(t.problems).toEqual([]);
  });

  it("the icon :g*: is written :gstar:", () => {
    expect(oracleText("<b>Battle, :g*::</b> Gain 1 Honor.").abilities).toEqual(["Battle, :gstar:: Gain 1 Honor."]);
  });
});

describe("import", () => {
  const vocab = { statsOfType: new Map([...ctx.symbols.types].map(([n, t]) => [n, new Set(t.decl.stats.map((s) => s.text))])) };

  it("writes the header as real cards have it: several clans, '-' and '*' stats, modifiers, keywords apart from traits", () => {
    const c = importRecord(
      record({ title: "Bayushi Kachiko", formattedtitle: "Bayushi Kachiko &#149; Experienced", type: "Personality", clan: "Scorpion/Crane", force: "2", chi: "4", honor: "-", cost: "*", ph: "3", keywords: ["<b>Unique</b>", "Courtier", "Scorpion Clan"], text: "<b>Open:</b> Gain 1 Honor." }),
      vocab,
    );
    expect(c.title).toBe("Bayushi Kachiko \u2022 Experienced");
    expect(c.source).toContain('card "Bayushi Kachiko \u2022 Experienced" {\n  type Personality\n  clan Scorpion, Crane\n  force 2\n  chi 4\n  honorRequirement -\n  goldCost *\n  personalHonor 3\n  keywords Unique\n  traits Courtier, "Scorpion Clan"\n  text {\n    Open: Gain 1 Honor.\n  }\n}');
    expect(c.problems).toEqual([]);
    expect(c.fileName).toBe("bayushi-kachiko-experienced-1.l5r");
  });

  it("a list of clans is several clans, as is 'Scorpion/Spirit'", () => {
    expect(importRecord(record({ title: "A", type: "Personality", clan: ["Scorpion", "Spirit"] }), vocab).source).toContain("  clan Scorpion, Spirit\n");
    expect(importRecord(record({ title: "B", type: "Personality", clan: "Scorpion/Spirit" }), vocab).source).toContain("  clan Scorpion, Spirit\n");
  });

  it("an Unaligned card has no clan; a zero the type has no stat for is left out, anything else is reported", () => {
    const c = importRecord(record({ title: "Ashigaru", type: "Follower", clan: "Unaligned", force: "2", chi: "0", cost: "1", focus: "2", ph: "3" }), vocab);
    expect(c.source).not.toContain("clan");
    expect(c.source).not.toContain("chi");
    expect(c.problems).toEqual(["ph 3: a Follower has no personalHonor; left out"]);
  });

  it("reads a JSON array and refuses anything else with a clear message", () => {
    expect(readOracleRecords("[1]").errors).toEqual(["record 1 is not an object"]);
    expect(readOracleRecords("{}").errors).toEqual(["not a JSON array of card records"]);
    expect(readOracleRecords("[{").errors[0]).toMatch(/^not JSON/);
  });

  it("--legal matches an arc as a word of a legality entry", () => {
    const keep = legalFilter("Samurai, Emperor")!;
    expect(keep(record({ title: "A", type: "Event", legality: ["Race for the Throne (Samurai)"] }))).toBe(true);
    expect(keep(record({ title: "B", type: "Event", legality: ["Age of Conquest (Emperor)"] }))).toBe(true);
    expect(keep(record({ title: "C", type: "Event", legality: ["Onyx Edition"] }))).toBe(false);
  });

  it("l5r import writes one file per record into a new folder, which then checks", async () => {
    const dir = mkdtempSync(join(tmpdir(), "l5r-import-"));
    const json = join(dir, "cards.json");
    writeFileSync(json, JSON.stringify([record({ cardid: 7, title: "Tiny Farm", type: "Holding", cost: "0", text: "<b>Limited:</b> Gain 1 Honor." })]));
    const out = join(dir, "out");
    const r = await l5r("import", json, "--out", out);
    expect(r.code).toBe(0);
    expect(readdirSync(out)).toEqual(["tiny-farm-7.l5r"]);
    expect(readFileSync(join(out, "tiny-farm-7.l5r"), "utf8")).toContain('card "Tiny Farm" {');
    expect((await l5r("check", out)).code).toBe(0);
    // A folder that is not empty is refused, and nothing is written.
    const again = await l5r("import", json, "--out", out);
    expect(again.code).toBe(2);
    expect(again.err).toContain("not empty");
  });
});

describe("corpus", () => {
  it("each card is judged on its own: one card's error does not hide another's diagnostics", () => {
    const cards = importAll(
      [
        record({ cardid: 1, title: "Bad Header", type: "Personality", keywords: ["<b>Unqiue</b>"], text: "<b>Open:</b> Gain 1 Honor." }),
        record({ cardid: 2, title: "Odd Text", type: "Strategy", cost: "0", focus: "1", text: "<b>Limited:</b> Sing a song." }),
        record({ cardid: 3, title: "Fine", type: "Strategy", cost: "0", focus: "1", text: "<b>Limited:</b> Gain 1 Honor." }),
      ],
      ctx,
    );
    const checks = checkCards(ctx, cards.map((c) => ({ path: c.fileName, text: c.source })));
    expect(checks.map((c) => [c.title, c.parsed, c.checked, c.supported])).toEqual([
      ["Bad Header", true, false, false],
      ["Odd Text", true, true, false],
      ["Fine", true, true, true],
    ]);
    expect(checks[0]!.diagnostics.map((d) => d.code)).toEqual(["card/unknown-keyword"]);
    expect(checks[0]!.diagnostics[0]!.message).toContain("did you mean 'Unique'?");
    expect(checks[1]!.diagnostics.map((d) => d.code)).toEqual(["unsupported/phrase"]);
    expect(supportedLine(checks)).toBe("fully supported: 1 of 3 (33.3%)");
  });

  it("generality: a supported card counts only if each of its phrases is used by another card's text too", () => {
    const texts = ["<b>Limited:</b> Gain 1 Honor.", "<b>Open:</b> Gain 2 Honor.", "<b>Limited:</b> Gain 1 Honor. Draw a card.", "<b>Limited:</b> Gain 1 Honor. Draw a card."];
    const cards = importAll(
      texts.map((text, i) => record({ cardid: i + 1, title: `Card ${"ABCD"[i]}`, type: "Strategy", cost: "0", focus: "1", text })),
      ctx,
    );
    const checks = checkCards(ctx, cards.map((c) => ({ path: c.fileName, text: c.source })));
    expect(checks.every((c) => c.supported)).toBe(true);
    // "draw a card" is used by C and D, but they are one text: it is their own phrase, not a shared one.
    const g = generality(checks, texts);
    expect(g.general).toBe(2);
    expect(g.own[0]).toEqual([]);
    expect(g.own[2]!.some((p) => p.includes("draw"))).toBe(true);
    expect(g.own[2]).toEqual(g.own[3]);
  });

  it("failures cluster by shape: numbers, icons and the card's own names made alike", () => {
    expect(shapeOf("unsupported/phrase", '"Lose 2 Honor" is not ...', null)).toBe(shapeOf("unsupported/phrase", '"Lose 3 Honor" is not ...', null));
    expect(shapeOf("unsupported/trigger", 'no event reads "Tamisu enters play"', "Akodo Tamisu")).toBe("unsupported/trigger: SELF enters play");
  });

  it.skipIf(!existsSync(CORPUS))("l5r corpus on the dev corpus ends with the fully supported line (skipped without ../shared/cards)", async () => {
    const r = await l5r("corpus", CORPUS, "--legal", "Samurai,Celestial,Emperor");
    expect(r.code).toBe(0);
    const lines = r.out.trimEnd().split("\n");
    expect(lines[lines.length - 1]).toMatch(/^fully supported: \d+ of 1762 \(\d+\.\d%\)$/);
    expect(lines[lines.length - 2]).toMatch(/^general: \d+ of 1762 \(\d+\.\d%\) are supported with phrases another card's text also uses/);
    expect(r.out).toMatch(/^Personality +\d+/m);
  });
});
