/**
 * A report's fixed-width text table: `columns` are `[heading, width]` pairs. Answers the heading
 * line and `line(cells)`, which pads each cell to its column's width.
 */
export function textTable(columns) {
  const line = (cells) => cells.map((cell, index) => String(cell).padEnd(columns[index][1])).join('');
  return { heading: line(columns.map(([heading]) => heading)), line };
}
