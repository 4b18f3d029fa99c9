// @vitest-environment jsdom
/** The tooltip defaults of spec chat-and-shell §9 and the wrapper around Chakra's Tooltip. */
import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { system } from '../system/theme';
import { TOOLTIP_DEFAULTS, Tooltip, tooltipRootProps } from './Tooltip';

afterEach(() => vi.useRealTimers());

describe('tooltip defaults (chat §9)', () => {
  it('show delay 200 ms, distance 5, dispose time-out 150 ms, menu hide delay 400 ms', () => {
    expect(TOOLTIP_DEFAULTS).toEqual({ showDelayMs: 200, distancePx: 5, disposeTimeoutMs: 150, menuHideDelayMs: 400 });
    expect(tooltipRootProps()).toMatchObject({
      openDelay: 200,
      closeDelay: 150,
      interactive: false,
      positioning: { offset: { mainAxis: 5 } },
    });
    expect(tooltipRootProps('menu')).toMatchObject({
      openDelay: 0,
      closeDelay: 400,
      interactive: true,
      positioning: { offset: { mainAxis: 5 } },
    });
  });

  it('shows the content only after the show delay', async () => {
    vi.useFakeTimers();
    render(
      <ChakraProvider value={system}>
        <Tooltip content="Закрепить чат">
          <button type="button" aria-label="Закрепить">
            *
          </button>
        </Tooltip>
      </ChakraProvider>,
    );
    const trigger = screen.getByRole('button', { name: 'Закрепить' });
    fireEvent.pointerMove(trigger, { pointerType: 'mouse' });
    await act(async () => vi.advanceTimersByTimeAsync(TOOLTIP_DEFAULTS.showDelayMs - 20));
    expect(screen.queryByText('Закрепить чат')).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(40));
    expect(screen.getByText('Закрепить чат')).toBeTruthy();
  });

  it('disabled renders the trigger alone', () => {
    render(
      <ChakraProvider value={system}>
        <Tooltip content="x" disabled>
          <span>триггер</span>
        </Tooltip>
      </ChakraProvider>,
    );
    expect(screen.getByText('триггер')).toBeTruthy();
  });
});
