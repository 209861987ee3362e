// "did you mean …?" for a mistyped command or subcommand.

/** The known name closest to `typed` (at most two edits, a swap of neighbours counting as one), if any. */
export function nearestName(typed: string, names: readonly string[]): string | undefined {
  // One edit for a short word (two would make almost anything "near"), two for a longer one.
  let bestDistance = typed.length <= 3 ? 2 : 3;
  let best: string | undefined;
  for (const name of names) {
    const distance = editDistance(typed.toLowerCase(), name);
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

// Optimal string alignment distance: insertions, deletions, substitutions and adjacent transpositions.
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, d[i - 2]![j - 2]! + 1);
      d[i]![j] = value;
    }
  }
  return d[a.length]![b.length]!;
}
