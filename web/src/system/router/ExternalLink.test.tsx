// @vitest-environment jsdom
/** The safe external link of spec core §2 ("Navigation to an external address is refused unless explicitly allowed"). */
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExternalLink } from './ExternalLink';

describe('ExternalLink', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens an allowed site in a new tab without access to this window', () => {
    render(<ExternalLink href="https://www.cryptopro.ru/products/cades/plugin">Плагин</ExternalLink>);
    const link = screen.getByRole('link', { name: 'Плагин' });
    expect(link.getAttribute('href')).toBe('https://www.cryptopro.ru/products/cades/plugin');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('renders a refused address as plain text and logs it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(
      <>
        <ExternalLink href="javascript:alert(1)">Скрипт</ExternalLink>
        <ExternalLink href="https://evil.example/">Чужой сайт</ExternalLink>
        <ExternalLink href="https://login.example/" allowList={['login.example']}>
          Вход
        </ExternalLink>
      </>,
    );
    expect(screen.queryByRole('link', { name: 'Скрипт' })).toBeNull();
    expect(screen.getByText('Скрипт').getAttribute('href')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Чужой сайт' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Вход' }).getAttribute('href')).toBe('https://login.example/');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('refused (refused-protocol): javascript:alert(1)'));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('refused (host-not-allowed)'));
  });
});
