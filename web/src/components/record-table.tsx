import { Table, type TableProps, type TableTdProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { ScrollTable } from './scroll-table';

/** One column of a `RecordTable`: its heading and what each row shows in it. */
export interface RecordColumn<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Figures line up at the end, heading included. */
  align?: 'end';
  /** The cells' own look (weight, width, no wrapping). */
  td?: TableTdProps;
}

interface RecordTableProps<T extends { id: number }> extends Omit<TableProps, 'children'> {
  rows: readonly T[];
  columns: readonly RecordColumn<T>[];
  /** The width under which the table scrolls sideways (a phone). */
  minWidth: number;
  /** What is said instead of an empty table. */
  empty: ReactNode;
  rowTestId?: string;
  /** Below the table (its pages). */
  footer?: ReactNode;
}

/** A list of records as a table, one row each, that scrolls sideways on a narrow screen. */
export function RecordTable<T extends { id: number }>({
  rows,
  columns,
  minWidth,
  empty,
  rowTestId,
  footer,
  ...table
}: RecordTableProps<T>) {
  if (rows.length === 0) return <>{empty}</>;
  return (
    <>
      <ScrollTable minWidth={minWidth}>
        <Table {...table}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column, index) => (
                <Table.Th key={index} ta={column.align}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid={rowTestId}>
                {columns.map((column, index) => (
                  <Table.Td key={index} ta={column.align} {...column.td}>
                    {column.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {footer}
    </>
  );
}
