import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from './data-table';

const base = {
  caption: 'Things',
  columns: ['Name', 'Price'],
  loading: false,
  emptyText: 'Data not available',
  skeletonRows: 3,
};

function row() {
  return (
    <tr>
      <td>Alpha</td>
      <td>$1</td>
    </tr>
  );
}

describe('DataTable', () => {
  it('names its columns, with a hidden heading for the action column at the end', () => {
    render(
      <DataTable {...base} action={{ label: 'Actions', at: 'end' }} rowCount={1}>
        {row()}
      </DataTable>,
    );
    const table = screen.getByRole('table', { name: 'Things' });
    const headings = within(table).getAllByRole('columnheader');
    expect(headings.map((heading) => heading.textContent)).toEqual(['Name', 'Price', 'Actions']);
    expect(within(table).getByText('Alpha')).toBeTruthy();
  });

  it('shows skeleton rows lined up with the headings while loading, whatever else it is given', () => {
    render(
      <DataTable
        {...base}
        action={{ label: 'Favourite', at: 'start' }}
        loading
        failure={{ error: new Error('x'), text: 'Could not load' }}
        rowCount={0}
      >
        {row()}
      </DataTable>,
    );
    const skeletons = screen.getAllByTestId('skeleton-row');
    expect(skeletons).toHaveLength(3);
    expect(skeletons[0]?.querySelectorAll('td')).toHaveLength(3);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Alpha')).toBeNull();
  });

  it('puts the error text in place of the rows, across every column', () => {
    render(
      <DataTable
        {...base}
        action={{ label: 'Actions', at: 'end' }}
        failure={{ error: new Error('internal'), text: 'Could not load' }}
        rowCount={1}
      >
        {row()}
      </DataTable>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Could not load');
    expect(alert.closest('td')?.getAttribute('colspan')).toBe('3');
    expect(screen.queryByText('Alpha')).toBeNull();
  });

  it('says so when there are no rows, and marks the wrapper busy while fetching', () => {
    const { container } = render(
      <DataTable {...base} rowCount={0} busy testId="things" className="things-table">
        {null}
      </DataTable>,
    );
    expect(screen.getByText('Data not available').getAttribute('colspan')).toBe('2');
    expect(container.querySelector('.table-wrap')?.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('things').className).toBe('data-table things-table');
  });
});
