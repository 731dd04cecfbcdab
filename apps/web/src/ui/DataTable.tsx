import { Center, Group, Pagination, Table, Text, UnstyledButton, type TableProps } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { pageCount, visibleRows, type DataTableSort } from './data-table-rows';

export type { DataTableSort } from './data-table-rows';

/** One column: its header, how a row shows in it, and (to make it sortable) the value it sorts by. */
export interface DataTableColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  sortValue?: (row: T) => string | number;
  /** Props of the body cells (e.g. `fw`). */
  cellProps?: Record<string, unknown>;
}

/**
 * A table with a name, columns sortable by a header button (Enter or Space toggles the direction;
 * `aria-sort` tells screen readers), optional pages (`pageSize`) and a text when there are no rows.
 * Rows keep the given order until a header is chosen.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  rowProps,
  emptyText = 'Nothing to show',
  pageSize,
  initialSort = null,
  minWidth,
  ...tableProps
}: {
  /** The table's accessible name. */
  label: string;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Extra props of a row (highlighting, data attributes). */
  rowProps?: (row: T) => Record<string, unknown>;
  emptyText?: ReactNode;
  pageSize?: number;
  initialSort?: DataTableSort | null;
  /** Below this width the table scrolls sideways. */
  minWidth?: number;
} & Omit<TableProps, 'children'>) {
  const [sort, setSort] = useState<DataTableSort | null>(initialSort);
  const [page, setPage] = useState(1);
  const pages = pageCount(rows.length, pageSize);
  const current = Math.min(page, pages);
  const sortValue = sort ? columns.find((c) => c.key === sort.key)?.sortValue : undefined;
  const shown = useMemo(
    () => visibleRows(rows, sortValue, sort?.direction ?? 'ascending', current, pageSize),
    [rows, sortValue, sort?.direction, current, pageSize],
  );

  const toggle = (key: string) => {
    setSort((s) => ({ key, direction: s?.key === key && s.direction === 'ascending' ? 'descending' : 'ascending' }));
    setPage(1);
  };

  const table = (
    <Table aria-label={label} {...tableProps}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => {
            const direction = sort?.key === c.key ? sort.direction : undefined;
            return (
              <Table.Th key={c.key} scope="col" aria-sort={c.sortValue ? (direction ?? 'none') : undefined}>
                {c.sortValue ? (
                  <UnstyledButton onClick={() => toggle(c.key)} fw={700} fz="inherit">
                    <Group gap={4} wrap="nowrap" component="span">
                      {c.header}
                      <span aria-hidden>{direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}</span>
                    </Group>
                  </UnstyledButton>
                ) : (
                  c.header
                )}
              </Table.Th>
            );
          })}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {shown.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={columns.length}>
              <Text c="gray.7" ta="center" py="md">
                {emptyText}
              </Text>
            </Table.Td>
          </Table.Tr>
        ) : (
          shown.map((row) => (
            <Table.Tr key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((c) => (
                <Table.Td key={c.key} {...c.cellProps}>
                  {c.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </Table>
  );

  return (
    <>
      {minWidth ? <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer> : table}
      {pages > 1 && (
        <Center mt="sm" component="nav" aria-label={`${label} pages`}>
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
            getControlProps={(control) => ({ 'aria-label': `${control[0].toUpperCase()}${control.slice(1)} page` })}
          />
        </Center>
      )}
    </>
  );
}
