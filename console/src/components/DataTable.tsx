import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type RowSelectionState, type OnChangeFn } from '@tanstack/react-table';

interface Props<T> {
  caption: string;
  data: T[];
  columns: ColumnDef<T, unknown>[];
  /** row ids for selection; omit for a table without selection */
  rowId?: (row: T) => string;
  selection?: RowSelectionState;
  onSelectionChange?: OnChangeFn<RowSelectionState>;
  empty?: string;
  testId?: string;
}

/** A table of API rows (TanStack Table): header, cells, optional row selection by checkbox. */
export function DataTable<T>({ caption, data, columns, rowId, selection, onSelectionChange, empty = 'Nothing to show.', testId }: Props<T>) {
  const selectable = selection !== undefined && onSelectionChange !== undefined;
  const table = useReactTable<T>({
    data,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: rowId ? (row) => rowId(row) : undefined,
    enableRowSelection: selectable,
    state: selectable ? { rowSelection: selection } : {},
    onRowSelectionChange: onSelectionChange,
  });
  return (
    <div className="table-wrap">
      <table data-testid={testId} tabIndex={-1}>
        <caption>{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {selectable && (
                <th scope="col">
                  <input
                    type="checkbox"
                    aria-label="Select all rows"
                    checked={table.getIsAllRowsSelected()}
                    onChange={table.getToggleAllRowsSelectedHandler()}
                  />
                </th>
              )}
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.length === 0 && (
            <tr>
              <td colSpan={columns.length + (selectable ? 1 : 0)}>{empty}</td>
            </tr>
          )}
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} aria-selected={selectable ? row.getIsSelected() : undefined}>
              {selectable && (
                <td>
                  <input type="checkbox" aria-label={`Select row ${row.id}`} checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} />
                </td>
              )}
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
