// @vitest-environment jsdom
/**
 * The operators' navigation item 'Обращения' (issue 11): it shows the number of NEW inbox items
 * (Administration.inboxNewCount) as a badge when there are any, and no badge at 0. jsdom applies only the base
 * (mobile, below 768 px) styles, so the navigation is behind the phone menu button (issue 13, chat-and-shell §9).
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { MockPayloadGenerator, createMockEnvironment } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import { answerOperations } from '../../testing/mockPayloads';
import { renderWithRelay } from '../../testing/renderWithRelay';
import { DefaultLayout } from './DefaultLayout';

function render(inboxNewCount: number | null) {
  const environment = createMockEnvironment();
  // Only the layout's own query is answered: the chat links stay plain (their statistic is pending).
  answerOperations(environment, (op) =>
    op.request.node.params.name === 'DefaultLayoutQuery'
      ? MockPayloadGenerator.generate(op, {
          Viewer: () => ({
            id: 'VXNlcjox',
            email: 'operator@example.com',
            rights: ['CLIENTS'],
            company: null,
            administration: { inboxNewCount },
          }),
        })
      : null,
  );
  renderWithRelay(<DefaultLayout area="operator" />, { environment, path: '/operator/clients' });
}

/** Opens the phone menu and returns the navigation it shows. */
async function openMenu(): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole('button', { name: 'Меню' }));
  return screen.findByRole('navigation', { name: 'Основное меню' });
}

describe('DefaultLayout: the phone menu (issue 13)', () => {
  it('hides the navigation behind the menu button until it is pressed, then shows it', async () => {
    render(0);
    const button = await screen.findByRole('button', { name: 'Меню' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Основное меню' })).toBeNull();
    fireEvent.click(button);
    const nav = await screen.findByRole('navigation', { name: 'Основное меню' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(nav.id);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Основное меню' })).toBeNull();
  });
});

describe("DefaultLayout: the 'Обращения' badge (issue 11)", () => {
  it('shows the number of new inbox items next to the link', async () => {
    render(3);
    const nav = await openMenu();
    const link = within(nav).getByRole('link', { name: /Обращения/ });
    expect(link.getAttribute('href')).toBe('/operator/inbox');
    const badge = within(link).getByTestId('inbox-new-badge');
    expect(badge.textContent).toBe('3');
    expect(badge.getAttribute('aria-label')).toBe('Новых обращений: 3');
  });

  it('shows no badge when nothing is new', async () => {
    render(0);
    const nav = await openMenu();
    expect(within(nav).getByRole('link', { name: 'Обращения' })).toBeTruthy();
    expect(screen.queryByTestId('inbox-new-badge')).toBeNull();
  });
});
