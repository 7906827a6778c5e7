// V8 flags for the short runs of the compiler (`l5r check`, `compile`, `import`, `corpus`): such a run
// is spent mostly warming up a large program, and V8's optimizing compiler, inlining callees into the
// big phrase-matching functions and doing it again after each deoptimization, took about 2 s of CPU of
// the 9 s `l5r corpus` took on the whole dev corpus.  Without inlining it takes 7 s, `check rules` 3.1 s
// instead of 4.3 s.  Long runs (games, the language server) keep V8's defaults.
export const SHORT_RUN_V8_FLAGS = ["--no-turbo-inlining"];
