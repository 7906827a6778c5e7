// A small seeded random number generator (sfc32), so that a game is reproducible from its seed.

export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  below(n: number): number;
  /** The generator's state, to fork independent streams deterministically. */
  fork(salt: number): Rng;
}

function mix(seed: number, salt: number): number {
  let h = (seed ^ Math.imul(salt + 0x9e3779b9, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

export function createRng(seed: number): Rng {
  // The state lives in a typed array: 32-bit values kept in variables would be boxed on every draw.
  // Storing into a Uint32Array wraps modulo 2^32, as `>>> 0` does.
  const s = new Uint32Array([mix(seed, 1), mix(seed, 2), mix(seed, 3), mix(seed, 4) | 1]);
  const next = (): number => {
    const a = s[0]!, b = s[1]!, c = s[2]!, d = s[3]!;
    const t = (a + b + d) >>> 0;
    s[3] = d + 1;
    s[0] = b ^ (b >>> 9);
    s[1] = c + (c << 3);
    s[2] = ((c << 21) | (c >>> 11)) + t;
    return t / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return {
    next,
    below: (n) => Math.floor(next() * n),
    fork: (salt) => createRng(mix(seed, salt + 1000)),
  };
}

/** Fisher-Yates shuffle in place. */
export function shuffle<T>(items: T[], rng: Rng): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    const t = items[i]!;
    items[i] = items[j]!;
    items[j] = t;
  }
}
