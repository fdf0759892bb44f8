import type { DataCollection } from '@atrium/contract/types';
import { useState } from 'react';
import { describeFailure, FilePicker, Progress, useActions, useInvalidate } from '../../kit/index.js';
import { csvToRows, exportColumns, jsonLinesToRows, type ParsedRow, toCsvLine, valueToText } from './csv.js';
import { dataApi as api, DATA_KEYS } from './data-api.js';
import { Panel } from './fields-panel.js';

/** Items per bulk insert while importing, and per query page while exporting. */
export const IMPORT_BATCH = 100;
const EXPORT_PAGE = 1000;

interface RowError {
  row: number;
  message: string;
}

/** Import (CSV or JSON lines, parsed here, inserted in batches) and export (paging through queries). */
export function ImportExportPanel({ collection }: { collection: DataCollection }) {
  const [progress, setProgress] = useState<{ label: string; value: number }>();
  const [errors, setErrors] = useState<RowError[]>([]);
  const actions = useActions();
  const { run } = actions;
  const invalidate = useInvalidate();
  const busy = actions.busy !== undefined;

  const importFile = (file: File) =>
    void run(`Reading ${file.name}…`, async () => {
      setErrors([]);
      const text = await file.text();
      const jsonLines = /\.(jsonl|ndjson|json)$/i.test(file.name) || text.trimStart().startsWith('{');
      let rows: ParsedRow[];
      try {
        rows = jsonLines ? jsonLinesToRows(text) : csvToRows(text, collection.fields);
      } catch (failure) {
        throw new Error(`${file.name} cannot be read: ${(failure as Error).message}`);
      }
      const failures: RowError[] = rows
        .filter((row) => row.error !== undefined)
        .map((row) => ({ row: row.row, message: row.error! }));
      const good = rows.filter((row) => row.data !== undefined);
      let inserted = 0;
      setProgress({ label: `Importing ${file.name}`, value: 0 });
      for (let start = 0; start < good.length; start += IMPORT_BATCH) {
        const batch = good.slice(start, start + IMPORT_BATCH);
        try {
          const answer = await api.bulkInsert(
            collection.id,
            batch.map((row) => row.data!),
          );
          inserted += answer.bulkActionMetadata.totalSuccesses;
          for (const result of answer.results) {
            if (!result.itemMetadata.success) {
              const row = batch[result.itemMetadata.originalIndex]?.row ?? 0;
              failures.push({ row, message: result.itemMetadata.error?.description ?? 'not inserted' });
            }
          }
        } catch (failure) {
          for (const row of batch) failures.push({ row: row.row, message: describeFailure(failure) });
        }
        setProgress({
          label: `Importing ${file.name}`,
          value: Math.min(1, (start + batch.length) / good.length),
        });
      }
      setProgress({ label: `Importing ${file.name}`, value: 1 });
      failures.sort((a, b) => a.row - b.row);
      setErrors(failures);
      // The items tab and the counts show the new rows.
      await invalidate(DATA_KEYS.items);
      return `Imported ${inserted} of ${rows.length} rows from ${file.name}${failures.length ? `; ${failures.length} failed (listed below)` : ''}.`;
    });

  const exportAs = (format: 'csv' | 'jsonl') =>
    void run('Exporting…', async () => {
      const columns = exportColumns(collection.fields);
      const parts: string[] = format === 'csv' ? [toCsvLine(columns)] : [];
      const total = await api.count(collection.id);
      let offset = 0;
      setProgress({ label: `Exporting ${collection.id}`, value: 0 });
      for (;;) {
        const page = await api.query(collection.id, {
          sort: [
            { fieldName: '_createdDate', order: 'ASC' },
            { fieldName: '_id', order: 'ASC' },
          ],
          offset,
          limit: EXPORT_PAGE,
        });
        for (const item of page.items) {
          parts.push(
            format === 'csv'
              ? toCsvLine(columns.map((column) => valueToText(item.data[column])))
              : `${JSON.stringify(item.data)}\n`,
          );
        }
        offset += page.items.length;
        setProgress({ label: `Exporting ${collection.id}`, value: total ? Math.min(1, offset / total) : 1 });
        if (page.items.length < EXPORT_PAGE) break;
      }
      const blob = new Blob(parts, { type: format === 'csv' ? 'text/csv' : 'application/x-ndjson' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `${collection.id}.${format}`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      return `Exported ${offset} items to ${collection.id}.${format}.`;
    });

  return (
    <>
      <Panel actions={actions} heading="Import" id="import-heading">
        <p className="hint">
          A CSV file whose first row names the fields (by key or label), or JSON lines (one item per line).
          Rows are checked here and inserted {IMPORT_BATCH} at a time; an item with an existing _id is not
          replaced.
        </p>
        <FilePicker
          label="Import a CSV or JSON-lines file"
          accept=".csv,.jsonl,.ndjson,.json,text/csv,application/json"
          disabled={busy}
          onFiles={(files) => importFile(files[0]!)}
        />
        {progress && <Progress label={progress.label} value={progress.value} />}
        {errors.length > 0 && (
          <>
            <h3>Rows not imported</h3>
            <ul className="import-errors">
              {errors.slice(0, 200).map((error) => (
                <li key={`${error.row}:${error.message}`}>
                  Row {error.row}: {error.message}
                </li>
              ))}
            </ul>
            {errors.length > 200 && <p>… and {errors.length - 200} more.</p>}
          </>
        )}
      </Panel>
      <section className="panel" aria-labelledby="export-heading">
        <h2 id="export-heading">Export</h2>
        <p className="hint">Every item, read {EXPORT_PAGE} at a time.</p>
        <div className="actions">
          <button type="button" disabled={busy} onClick={() => exportAs('csv')}>
            Export as CSV
          </button>
          <button type="button" disabled={busy} onClick={() => exportAs('jsonl')}>
            Export as JSON lines
          </button>
        </div>
      </section>
    </>
  );
}
