/**
 * Reordering a page of gallery items (listed by sortOrder, highest first): moving one item from
 * `from` to `to` hands the page's own sort orders out again in the new order, so that nothing
 * outside the page moves and no two items share a sort order. Answers only the items that change.
 */
export function reorder<T extends { id: string; sortOrder: number }>(
  items: readonly T[],
  from: number,
  to: number,
): { id: string; sortOrder: number }[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [];
  const orders = items.map((item) => item.sortOrder).sort((a, b) => b - a);
  const moved = [...items];
  const [item] = moved.splice(from, 1);
  moved.splice(to, 0, item!);
  return moved.flatMap((entry, index) =>
    entry.sortOrder === orders[index] ? [] : [{ id: entry.id, sortOrder: orders[index]! }],
  );
}

/** A focal point (0–1 on each axis) from a click at (x, y) in a box of that size, rounded to 1%. */
export function focalPointAt(x: number, y: number, width: number, height: number): { x: number; y: number } {
  const clamp = (value: number) => Math.min(1, Math.max(0, Math.round(value * 100) / 100));
  return { x: clamp(width > 0 ? x / width : 0.5), y: clamp(height > 0 ? y / height : 0.5) };
}
