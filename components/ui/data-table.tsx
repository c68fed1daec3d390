'use client';
// The dashboard's table (TanStack Table v9, headless): columns typed once per page, rows from the server
// (filtering and cursor paging happen in the API, so the table only renders). A row with details gets a
// "View" button (keyboard and screen readers) and opens on click anywhere in the row.
import { tableFeatures, useTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Button } from './button';
import { cn } from './cn';

const features = tableFeatures({});

export type Column<T extends RowData> = ColumnDef<typeof features, T>;

/** A display column: header text and how to render a row's cell. */
export function column<T extends RowData>(id: string, header: string, cell: (row: T) => ReactNode, options: { mono?: boolean; strong?: boolean } = {}): Column<T> {
  return { id, header, cell: (context) => cell(context.row.original), meta: options } as Column<T>;
}

type Props<T extends RowData> = {
  label: string;
  columns: Array<Column<T>>;
  rows: T[];
  rowId: (row: T) => string;
  empty?: ReactNode;
  onView?: (row: T) => void;
  viewLabel?: (row: T) => string;
  rowTestId?: string;
};

/**
 * A cell's content, by calling its render function rather than through FlexRender: FlexRender mounts the
 * function as a component, and the columns are new functions at every render of the page's table, so a
 * re-render (router.refresh after an action) would remount every cell and lose its state (an open confirm
 * dialog, a pending button).
 */
function renderCell(cell: { column: { columnDef: { cell?: unknown } }; getContext: () => unknown }): ReactNode {
  const render = cell.column.columnDef.cell;
  return typeof render === 'function' ? (render as (context: unknown) => ReactNode)(cell.getContext()) : (render as ReactNode);
}

export function DataTable<T extends RowData>({ label, columns, rows, rowId, empty, onView, viewLabel, rowTestId }: Props<T>) {
  const table = useTable({ features, columns, data: rows, getRowId: (row: T) => rowId(row) });
  if (rows.length === 0 && empty) return <>{empty}</>;
  return (
    // `relative`: the header's sr-only label (absolutely positioned) is then clipped with the table instead
    // of widening the page at 360 px. Focusable region: a keyboard user can scroll a wide table sideways
    // (axe: scrollable-region-focusable).
    <div className="relative overflow-x-auto" role="group" aria-label={label} tabIndex={0}>
      <table className="w-full text-left text-sm" aria-label={label}>
        <thead className="text-xs text-muted">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className="whitespace-nowrap px-4 py-2 font-medium">
                  <table.FlexRender header={header} />
                </th>
              ))}
              {onView && (
                <th scope="col" className="px-4 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              )}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-line">
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} data-testid={rowTestId} className={cn(onView && 'cursor-pointer hover:bg-raised')} onClick={onView ? () => onView(row.original) : undefined}>
              {row.getAllCells().map((cell) => {
                const meta = (cell.column.columnDef.meta ?? {}) as { mono?: boolean; strong?: boolean };
                return (
                  <td key={cell.id} className={cn('whitespace-nowrap px-4 py-2.5', meta.strong ? 'font-medium text-strong' : 'text-fg', meta.mono && 'font-mono text-[13px]')}>
                    {renderCell(cell)}
                  </td>
                );
              })}
              {onView && (
                <td className="px-4 py-1.5 text-right">
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={viewLabel ? viewLabel(row.original) : 'View details'}
                    onClick={(event) => {
                      event.stopPropagation();
                      onView(row.original);
                    }}
                  >
                    View
                  </Button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
