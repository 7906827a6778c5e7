// Small in-place list edits.  Zones, attachments and open sequences are short lists edited at every
// step: shifting by hand is several times faster than `splice`/`unshift`, which also allocate.

/** Removes the item at `index` (which must be in the list). */
export function removeAt<T>(list: T[], index: number): void {
  // (The first item, a card drawn from the top of a deck: the engine moves the list's start instead.)
  if (index === 0) {
    list.shift();
    return;
  }
  const last = list.length - 1;
  for (let k = index; k < last; k++) list[k] = list[k + 1]!;
  list.pop();
}

/** Inserts `item` at `index` (0 to the list's length). */
export function insertAt<T>(list: T[], index: number, item: T): void {
  list.push(item);
  for (let k = list.length - 1; k > index; k--) list[k] = list[k - 1]!;
  list[index] = item;
}

/** A use's bindings and event arguments when it has none (frozen: they are shared; both are only read). */
export const NO_BINDINGS: Readonly<Record<string, unknown>> = Object.freeze({});
export const NO_ARGS: readonly unknown[] = Object.freeze([]);
