import { Table, Text, type TableProps, type TableTdProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Pager } from './pagination';
import { QueryState, type LoadingQuery } from './query-state';
import { ScrollTable } from './scroll-table';

/** A record with what tells it from the others (its id, or another unique value such as a phone). */
type Keyed = { id: number | string };

/** One column of a `RecordTable`: its heading and what each row shows in it. */
export interface RecordColumn<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Figures line up at the end, heading included. */
  align?: 'end';
  /** The cells' own look (weight, width, no wrapping). */
  td?: TableTdProps;
}

interface RecordTableProps<T extends Keyed> extends Omit<TableProps, 'children'> {
  rows: readonly T[];
  columns: readonly RecordColumn<T>[];
  /** The width under which the table scrolls sideways (a phone). */
  minWidth: number;
  /** What is said instead of an empty table: a sentence (a dimmed line) or a node of its own. */
  empty: ReactNode;
  rowTestId?: string;
  /** Below the table (its pages). */
  footer?: ReactNode;
}

/** A list of records as a table, one row each, that scrolls sideways on a narrow screen. */
export function RecordTable<T extends Keyed>({
  rows,
  columns,
  minWidth,
  empty,
  rowTestId,
  footer,
  ...table
}: RecordTableProps<T>) {
  if (rows.length === 0) {
    return typeof empty === 'string' ? (
      <Text c="dimmed" ta="center" py="lg">
        {empty}
      </Text>
    ) : (
      <>{empty}</>
    );
  }
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

type LoadedTableProps<T extends Keyed> = Omit<RecordTableProps<T>, 'rows' | 'footer'>;

/** The records a query loads, as a `RecordTable`: a spinner, an error with a retry, or the table. */
export function QueryTable<T extends Keyed>({
  query,
  ...table
}: LoadedTableProps<T> & { query: LoadingQuery<readonly T[]> }) {
  return <QueryState query={query}>{(rows) => <RecordTable rows={rows} {...table} />}</QueryState>;
}

/** One page of what the server lists. */
interface RecordPage<T> {
  data: readonly T[];
  meta: { page: number; per_page: number; total: number };
}

/** A `QueryTable` of one page of records, with "Showing 1–10 of 42" and the page buttons below. */
export function PagedQueryTable<T extends Keyed>({
  query,
  onPage,
  ...table
}: LoadedTableProps<T> & { query: LoadingQuery<RecordPage<T>>; onPage: (page: number) => void }) {
  return (
    <QueryState query={query}>
      {({ data, meta }) => (
        <RecordTable
          rows={data}
          footer={<Pager page={meta.page} perPage={meta.per_page} total={meta.total} onChange={onPage} />}
          {...table}
        />
      )}
    </QueryState>
  );
}
