// @vitest-environment jsdom
/**
 * ResponsiveTable (issue 13; spec chat-and-shell §9 breakpoints 767 / 1279 px): one table markup at every width — the
 * named table with its header cells and the caller's rows, which keep their own test ids and click behaviour — and,
 * below 768 px, card styles that label each cell with its column's header (by position; no label for an empty header).
 * The phone layout itself is checked in Chromium by tests/e2e/mobile.test.ts (jsdom evaluates no media queries).
 */
import { ChakraProvider, Table } from '@chakra-ui/react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { system } from '../../system/theme';
import { cardStyles, ResponsiveTable } from './ResponsiveTable';

describe('ResponsiveTable', () => {
  it('renders the named table with the header cells and the rows as given', () => {
    const onClick = vi.fn();
    render(
      <ChakraProvider value={system}>
        <ResponsiveTable label="Заявки" columns={['Номер', { label: 'Сумма', textAlign: 'end' }, '']}>
          <Table.Row data-testid="order-row" onClick={onClick}>
            <Table.Cell>17</Table.Cell>
            <Table.Cell>18 600,00 $</Table.Cell>
            <Table.Cell>
              <button type="button">Открыть</button>
            </Table.Cell>
          </Table.Row>
        </ResponsiveTable>
      </ChakraProvider>,
    );
    const table = screen.getByRole('table', { name: 'Заявки' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Номер', 'Сумма', '']);
    const row = within(table).getByTestId('order-row');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['17', '18 600,00 $', 'Открыть']);
    fireEvent.click(row);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('labels each card line with its column below 768 px and leaves an empty header unlabelled', () => {
    const styles = cardStyles([{ label: 'Номер' }, { label: 'Сумма «итого»' }, { label: '' }]);
    const phone = styles.mdDown as Record<string, Record<string, unknown>>;
    expect(phone['& tbody > tr > td:nth-of-type(1)::before']).toEqual({ content: '"Номер"' });
    expect(phone['& tbody > tr > td:nth-of-type(2)::before']).toEqual({ content: '"Сумма «итого»"' });
    expect(phone['& tbody > tr > td:nth-of-type(3)::before']).toBeUndefined();
    expect(phone['& thead']).toEqual({ display: 'none' });
    expect(phone['& tbody > tr']).toMatchObject({ display: 'block' });
    expect(cardStyles([{ label: 'Say "hi"\n' }]).mdDown).toMatchObject({
      '& tbody > tr > td:nth-of-type(1)::before': { content: '"Say \\"hi\\"\\a "' },
    });
  });
});
