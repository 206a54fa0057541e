/** SQL's three truth values: a comparison with NULL is neither true nor false (`null`). */
export type Truth = boolean | null;

/** A three-valued test of one value (a row, a stored column). */
export type TruthTest<T> = (value: T) => Truth;

/** NOT in three-valued logic: unknown stays unknown. */
export function negateTruth(value: Truth): Truth {
  return value === null ? null : !value;
}

/** AND of three-valued tests: false if one is false, else unknown if one is unknown, else true. */
export function allOf<T>(tests: readonly TruthTest<T>[]): TruthTest<T> {
  return combineTests(tests, false);
}

/** OR of three-valued tests: true if one is true, else unknown if one is unknown, else false. */
export function anyOf<T>(tests: readonly TruthTest<T>[]): TruthTest<T> {
  return combineTests(tests, true);
}

/** The first test answering `decisive` decides; otherwise an unknown makes the answer unknown. */
function combineTests<T>(tests: readonly TruthTest<T>[], decisive: boolean): TruthTest<T> {
  return (value) => {
    let result: Truth = !decisive;
    for (const test of tests) {
      const outcome = test(value);
      if (outcome === decisive) return decisive;
      if (outcome === null) result = null;
    }
    return result;
  };
}
