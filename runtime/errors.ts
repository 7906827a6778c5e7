// Errors the runtime raises.  A RuleError is the rules asking for something impossible (a bug in the
// rules or a card, reported with where the game was); an IllegalAnswer leaves the game unchanged.

export class RuleError extends Error {
  override readonly name = "RuleError";
}

export class IllegalAnswer extends Error {
  override readonly name = "IllegalAnswer";
}

/** The game has ended: a winner (with the kind of victory) or a draw. */
export class GameOver extends Error {
  override readonly name = "GameOver";
  constructor(
    readonly winner: string | null,
    readonly victory: string,
  ) {
    super(winner ? `${winner} wins (${victory})` : `the game is drawn (${victory})`);
  }
}

/** A deck that breaks a construction rule cannot play; the message names the rule. */
export class DeckRefused extends Error {
  override readonly name = "DeckRefused";
}
