// The runtime's public API: the only module generated code imports, and the surface engines embed.
// The runtime is generic: it holds players, cards, zones, frames, decisions and a log, and knows no
// word of the game; the generated rules hand it their vocabulary at start-up.

export type { Rt, Steps, Hook } from "./rt.ts";
export type { Player, Card, Zone, Frame, Use, CardDef, LeftOutAbility, AbilityDef, TriggerDef, RulesBundle, Vocabulary, ZoneDef, TypeDef, AbilityKindDef, DeckSpec } from "./model.ts";
export type { Decision, Option } from "./decisions.ts";
export type { LogEntry } from "./log.ts";
export type { Agent } from "./agents.ts";
export { ANY } from "./effects.ts";
export { createGame, type Game, type GameSetup, type AnswerInput, type GameResult } from "./game.ts";
export { randomAgent, scriptedAgent, replayAgent, hostileAgent, ReplayExhausted, ReplayMismatch, type ScriptedAnswer } from "./agents.ts";
export { playGame, playerNames, verifyGame, firstDifference, type PlaySetup, type PlayOutcome, type VerifiedGame } from "./play.ts";
export { RuleError, IllegalAnswer, GameOver, DeckRefused } from "./errors.ts";
export { ScenarioRun, runScenario, type ScenarioDef, type ScenarioFailure, type ScenarioResult, type AnswerPart } from "./scenario.ts";
export type { AbortWatch, WindowRule } from "./rt.ts";
export { optionOf, show, sameList, countWhere, sumOf, NO_STEPS, type Bonus, type CardDescription } from "./values.ts";
