// The types of short-run-flags.mjs (plain JavaScript: compiler/launch.mjs reads it before any TypeScript loads).
export declare const SHORT_RUNS: ReadonlySet<string>;
export declare const SHORT_RUN_V8_FLAGS: readonly string[];
