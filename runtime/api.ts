// The runtime's public API: the only module generated code imports, and the surface engines embed.
// The runtime is generic: it holds players, cards, zones, frames, decisions and a log, and knows no
// word of the game; the generated rules hand it their vocabulary at start-up.

export type { Rt, Steps, Hook } from "./rt.ts";
export type { Player, Card, Zone, Frame, Use, CardDef, GrantedAbility, LeftOutAbility, AbilityDef, TriggerDef, RulesBundle, Vocabulary, ZoneDef, TypeDef, AbilityKindDef, DeckSpec, AdviceDef } from "./model.ts";
export type { Decision, Option, Choice } from "./decisions.ts";
export { choicesOf, defaultChoice, describeOption, describePrompt, describeZone } from "./decisions.ts";
export type { LogEntry, LogListener } from "./log.ts";
export type { Agent, PlayerAgent } from "./agents.ts";
export { sees, type PlayerView, type ZoneView, type CardView, type DecisionView, type OptionView } from "./view.ts";
export { snapshot, restore, undo, logDigest, type GameSnapshot } from "./snapshot.ts";
export { ANY } from "./effects.ts";
export { createGame, readAnswer, type Game, type GameSetup, type AnswerInput, type GameResult } from "./game.ts";
export { randomAgent, scriptedAgent, replayAgent, hostileAgent, PLAYING_AGENTS, ReplayExhausted, ReplayMismatch, type ScriptedAnswer, type AgentName } from "./agents.ts";
export { greedyAgent, positionScore } from "./greedy-agent.ts";
export { playGame, playerNames, verifyGame, firstDifference, type PlaySetup, type PlayOutcome, type VerifiedGame, type RulesForm } from "./play.ts";
export { RuleError, IllegalAnswer, GameOver, DeckRefused } from "./errors.ts";
export { ScenarioRun, runScenario, type ScenarioDef, type ScenarioFailure, type ScenarioResult, type AnswerPart } from "./scenario.ts";
export type { AbortWatch, WindowRule } from "./rt.ts";
export { optionOf, show, sameList, flatten, countWhere, sumOf, hasAbilityKind, abilityHasKeyword, abilityHasTiming, NO_STEPS, NO_HOOKS, type Bonus, type CardDescription } from "./values.ts";
