// The known name an unknown one most likely misspells ("Personalty" for "Personality"): named in the
// diagnostic so an author fixes a typo without looking the name up.  Asked only when a name is unknown.

/**
 * `; did you mean 'X'?` for the known name closest to `unknown` (ignoring case, at most one edit for
 * every four letters, at least one), or "" when none is that close.  Ties go to the name given first.
 */
export function didYouMean(unknown: string, known: Iterable<string>, quote = "'"): string {
  const target = unknown.toLowerCase();
  const limit = Math.max(1, Math.floor(unknown.length / 4));
  let best: string | null = null;
  let bestDistance = limit + 1;
  for (const name of known) {
    if (name === unknown || Math.abs(name.length - unknown.length) >= bestDistance) continue;
    const d = editsBetween(target, name.toLowerCase(), bestDistance);
    if (d < bestDistance) {
      best = name;
      bestDistance = d;
    }
  }
  return best === null ? "" : `; did you mean ${quote}${best}${quote}?`;
}

/** Letters added, dropped, changed or swapped with a neighbour (optimal string alignment); any
 *  distance of `cap` or more is reported as `cap`. */
export function editsBetween(a: string, b: string, cap: number): number {
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const change = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + change);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin >= cap) return cap;
    before = prev;
    prev = row;
  }
  return Math.min(prev[b.length]!, cap);
}
