/**
 * A bulk call's answer (data items, form submissions): each item's result, and the counts of
 * successes and failures. Every failure is detailed in its result, so `undetailedFailures` is 0.
 */
export function bulkAnswer<Result extends { itemMetadata: { success: boolean } }>(
  results: Result[],
): {
  results: Result[];
  bulkActionMetadata: { totalSuccesses: number; totalFailures: number; undetailedFailures: number };
} {
  const totalSuccesses = results.filter((result) => result.itemMetadata.success).length;
  return {
    results,
    bulkActionMetadata: {
      totalSuccesses,
      totalFailures: results.length - totalSuccesses,
      undetailedFailures: 0,
    },
  };
}
