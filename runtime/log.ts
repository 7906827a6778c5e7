// The structured log: every event, decision, answer and state change, in order.  Two runs of the
// same game (rules, decks, seed, answers) produce identical logs; replay relies on it.

export interface LogEntry {
  readonly kind: string;
  readonly [field: string]: unknown;
}

export class GameLog {
  readonly entries: LogEntry[] = [];
  /** When false only decisions and answers are kept (fast simulation); replay still works. */
  constructor(readonly full: boolean) {}

  add(entry: LogEntry): void {
    this.entries.push(entry);
  }
}
