// Errors the runtime raises.  A RuleError is the rules asking for something impossible (a bug in the
// rules or a card, reported with where the game was); an IllegalAnswer leaves the game unchanged.

export class RuleError extends Error {
  override readonly name = "RuleError";
}

export class IllegalAnswer extends Error {
  override readonly name = "IllegalAnswer";
}
