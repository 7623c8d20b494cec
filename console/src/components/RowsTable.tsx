import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { downloadCsv, type CsvCell } from '../csv';
import { DataTable } from './DataTable';

/** The rows behind a chart (or a plain list): a table with a "Download CSV" button of exactly what it shows. */
export function RowsTable({ caption, header, rows, filename, testId, empty }: { caption: string; header: string[]; rows: CsvCell[][]; filename: string; testId?: string; empty?: string }) {
  const columns = useMemo<ColumnDef<CsvCell[], unknown>[]>(
    () => header.map((h, i) => ({ id: `c${i}`, header: h, accessorFn: (r: CsvCell[]) => r[i], cell: (c) => format(c.getValue() as CsvCell) })),
    [header],
  );
  return (
    <div className="rows-table">
      <DataTable caption={caption} data={rows} columns={columns} testId={testId} empty={empty} />
      <button type="button" onClick={() => downloadCsv(filename, header, rows)} disabled={rows.length === 0} aria-label={`Download CSV: ${caption}`}>
        Download CSV
      </button>
    </div>
  );
}

function format(v: CsvCell): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Number(v.toFixed(4)));
  return String(v);
}
