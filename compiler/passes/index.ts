// The passes, in order, grouped in stages: the driver stops between stages when there are errors,
// so a later pass never sees what an earlier one rejected.
import type { Pass } from "./context.ts";
import { resolveDeclarations } from "./resolve-declarations.ts";
import { checkVocabulary } from "./check-vocabulary.ts";
import { checkCardHeaders } from "./check-card-headers.ts";
import { checkAnnotations } from "./check-annotations.ts";
import { checkRuleBodies } from "./check-rule-bodies.ts";
import { resolveCardText } from "./resolve-card-text.ts";
import { checkScenarios } from "./check-scenarios.ts";
import { checkAdvice } from "./check-advice.ts";
import { lowerProgram } from "./lower-program.ts";
import { analyzeYields } from "./analyze-yields.ts";

export const stages: readonly (readonly Pass[])[] = [
  [
    { name: "resolve declarations", run: resolveDeclarations },
    { name: "check vocabulary", run: checkVocabulary },
    { name: "check card headers", run: checkCardHeaders },
    { name: "check errata annotations", run: checkAnnotations },
  ],
  [{ name: "check rule bodies", run: checkRuleBodies }],
  [{ name: "resolve card text", run: resolveCardText }],
  // Advice names decisions, so it is checked once every decision is (rules bodies and card text).
  [
    { name: "check scenarios", run: checkScenarios },
    { name: "check advice", run: checkAdvice },
  ],
  [
    { name: "lower program", run: lowerProgram },
    { name: "analyze yields", run: analyzeYields },
  ],
];
