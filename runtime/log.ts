// The structured log: every event, decision, answer and state change, in order.  Two runs of the
// same game (rules, decks, seed, answers) produce identical logs; replay relies on it.  Entries are
// also pushed to subscribers as they happen (a server's players, a UI).

export interface LogEntry {
  readonly kind: string;
  readonly [field: string]: unknown;
}

export type LogListener = (entry: LogEntry) => void;

export class GameLog {
  readonly entries: LogEntry[] = [];
  private readonly listeners: LogListener[] = [];

  /** `keepAll` false keeps only the decisions (fast simulation; replay still works); `keepDecisions`
   *  false as well keeps nothing (a simulation that reads only outcomes and answers). */
  constructor(
    private readonly keepAll: boolean,
    private readonly keepDecisions = true,
  ) {}

  /** Whether entries other than decisions are made at all: kept, or heard by a subscriber. */
  get full(): boolean {
    return this.keepAll || this.listeners.length > 0;
  }

  /** Whether decisions' entries are made at all: kept, or heard by a subscriber. */
  get decisions(): boolean {
    return this.keepDecisions || this.keepAll || this.listeners.length > 0;
  }

  add(entry: LogEntry): void {
    if (this.keepAll || (this.keepDecisions && entry.kind === "decision")) this.entries.push(entry);
    for (const l of this.listeners) l(entry);
  }

  /** Calls `listener` with every entry from now on; returns the way to stop. */
  subscribe(listener: LogListener): () => void {
    this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }
}
