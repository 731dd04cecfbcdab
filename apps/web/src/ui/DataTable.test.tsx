import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../test/render';
import { DataTable, type DataTableColumn } from './DataTable';

interface Patient {
  id: number;
  name: string;
  age: number;
  ward: string;
}

const PATIENTS: Patient[] = [
  { id: 1, name: 'Carla Diaz', age: 9, ward: 'Pediatrics' },
  { id: 2, name: 'Anna Berg', age: 71, ward: 'Cardiology' },
  { id: 3, name: 'Ezra Cole', age: 34, ward: 'Oncology' },
  { id: 4, name: 'Bo Adams', age: 52, ward: 'Cardiology' },
  { id: 5, name: 'Dana Fox', age: 18, ward: 'Surgery' },
];

const COLUMNS: DataTableColumn<Patient>[] = [
  { key: 'name', header: 'Name', cell: (p) => p.name, sortValue: (p) => p.name },
  { key: 'age', header: 'Age', cell: (p) => String(p.age), sortValue: (p) => p.age },
  { key: 'ward', header: 'Ward', cell: (p) => p.ward },
];

function renderTable(props: { pageSize?: number; rows?: Patient[] } = {}) {
  renderWithMantine(<DataTable label="Patients" columns={COLUMNS} rows={props.rows ?? PATIENTS} rowKey={(p) => p.id} pageSize={props.pageSize} />);
  return screen.getByRole('table', { name: 'Patients' });
}

/** The names in the body's rows, top to bottom. */
const names = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent);

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

describe('DataTable sorting', () => {
  it('keeps the given order until a header is chosen; a sortable header says it is not sorted yet', () => {
    const table = renderTable();
    expect(names(table)).toEqual(['Carla Diaz', 'Anna Berg', 'Ezra Cole', 'Bo Adams', 'Dana Fox']);
    expect(header('Name')).toHaveAttribute('aria-sort', 'none');
    expect(header('Ward')).not.toHaveAttribute('aria-sort');
    expect(within(header('Ward')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('a click on a header sorts ascending, a second click descending, and aria-sort follows', async () => {
    const user = userEvent.setup();
    const table = renderTable();
    await user.click(within(header('Age')).getByRole('button'));
    expect(names(table)).toEqual(['Carla Diaz', 'Dana Fox', 'Ezra Cole', 'Bo Adams', 'Anna Berg']);
    expect(header('Age')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Name')).toHaveAttribute('aria-sort', 'none');

    await user.click(within(header('Age')).getByRole('button'));
    expect(names(table)).toEqual(['Anna Berg', 'Bo Adams', 'Ezra Cole', 'Dana Fox', 'Carla Diaz']);
    expect(header('Age')).toHaveAttribute('aria-sort', 'descending');
  });

  it('another header starts over ascending by its own values', async () => {
    const user = userEvent.setup();
    const table = renderTable();
    await user.click(within(header('Age')).getByRole('button'));
    await user.click(within(header('Name')).getByRole('button'));
    expect(names(table)).toEqual(['Anna Berg', 'Bo Adams', 'Carla Diaz', 'Dana Fox', 'Ezra Cole']);
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Age')).toHaveAttribute('aria-sort', 'none');
  });

  it('is used from the keyboard: Tab reaches the first header, Enter sorts and Space reverses', async () => {
    const user = userEvent.setup();
    const table = renderTable();
    await user.tab();
    expect(within(header('Name')).getByRole('button')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(names(table)).toEqual(['Anna Berg', 'Bo Adams', 'Carla Diaz', 'Dana Fox', 'Ezra Cole']);
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
    await user.keyboard(' ');
    expect(names(table)).toEqual(['Ezra Cole', 'Dana Fox', 'Carla Diaz', 'Bo Adams', 'Anna Berg']);
    expect(header('Name')).toHaveAttribute('aria-sort', 'descending');

    await user.tab();
    expect(within(header('Age')).getByRole('button')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(header('Age')).toHaveAttribute('aria-sort', 'ascending');
  });
});

describe('DataTable pages', () => {
  const pages = () => screen.getByRole('navigation', { name: 'Patients pages' });

  it('shows page size rows per page, with Next and Previous between the pages', async () => {
    const user = userEvent.setup();
    const table = renderTable({ pageSize: 2 });
    expect(names(table)).toEqual(['Carla Diaz', 'Anna Berg']);
    expect(within(pages()).getAllByRole('button', { name: /^Page \d$/ })).toHaveLength(3);
    expect(within(pages()).getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(within(pages()).getByRole('button', { name: 'Next page' }));
    expect(names(table)).toEqual(['Ezra Cole', 'Bo Adams']);
    await user.click(within(pages()).getByRole('button', { name: 'Next page' }));
    expect(names(table)).toEqual(['Dana Fox']);
    expect(within(pages()).getByRole('button', { name: 'Next page' })).toBeDisabled();

    await user.click(within(pages()).getByRole('button', { name: 'Previous page' }));
    expect(names(table)).toEqual(['Ezra Cole', 'Bo Adams']);
    await user.click(within(pages()).getByRole('button', { name: 'Page 1' }));
    expect(names(table)).toEqual(['Carla Diaz', 'Anna Berg']);
  });

  it('sorting goes back to the first page of the sorted rows', async () => {
    const user = userEvent.setup();
    const table = renderTable({ pageSize: 2 });
    await user.click(within(pages()).getByRole('button', { name: 'Page 3' }));
    expect(names(table)).toEqual(['Dana Fox']);
    await user.click(within(header('Name')).getByRole('button'));
    expect(names(table)).toEqual(['Anna Berg', 'Bo Adams']);
  });

  it('has no page controls when every row fits on one page', () => {
    renderTable({ pageSize: 5 });
    expect(screen.queryByRole('navigation', { name: 'Patients pages' })).not.toBeInTheDocument();
  });

  it('shows its empty text in one row when there are no rows', () => {
    const table = renderTable({ rows: [] });
    expect(within(table).getByRole('cell', { name: 'Nothing to show' })).toBeVisible();
  });
});
