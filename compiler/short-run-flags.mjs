// V8 flags for the short runs of the compiler that read card text (`l5r check`, `import`, `corpus`):
// such a run is spent mostly warming up a large program, and V8's optimizing compiler, inlining callees
// into the big phrase-matching functions and doing it again after each deoptimization, took about a
// fifth of the CPU `l5r corpus` took on the whole dev corpus.  Without inlining, on this machine,
// `corpus` on the whole dev file takes 4.4-4.6 s instead of 5.2-5.4 s, and `check rules` 2.1-2.3 s
// instead of 2.6-2.7 s.  `compile`, most of whose time is the code generator and the formatter, is
// 0.2 s slower without it (12.7 s against 12.5 s), so it keeps V8's defaults, as long runs (games,
// the language server) do.
export const SHORT_RUNS = new Set(["check", "import", "corpus"]);
export const SHORT_RUN_V8_FLAGS = ["--no-turbo-inlining"];
