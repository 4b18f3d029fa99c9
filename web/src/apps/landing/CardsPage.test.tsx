// @vitest-environment jsdom
/**
 * The debit card lead form of /clients/cards (issue 13; spec core §1, §5, §7 POST /api/public/lead/card/debit through
 * Mutation.requestCardDebitLead): the §5 messages in the browser before anything is sent, the input sent with the power
 * of attorney, the server's field errors and RATE_LIMITED refusal shown, and the thank-you state.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteTexts } from './texts';
import { CardLeadForm } from './CardsPage';

const ru = siteTexts('ru').cards.form;

/** A fetch answering every call with `data` (the body of /graphql), recording the variables sent. */
function fakeFetch(data: unknown) {
  const sent: { input: Record<string, unknown> }[] = [];
  const fn = vi.fn(async (_url: string, init?: RequestInit) => {
    sent.push(JSON.parse(String(init?.body)).variables);
    return new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fn);
  return { fn, sent };
}

function fill(values: Partial<Record<'name' | 'phone' | 'email' | 'city' | 'comment', string>>) {
  const labels = { name: ru.name, phone: ru.phone, email: ru.email, city: ru.city, comment: ru.comment };
  for (const [k, v] of Object.entries(values))
    fireEvent.change(screen.getByLabelText(labels[k as keyof typeof labels]), { target: { value: v } });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the debit card lead form (issue 13)', () => {
  it('shows the §5 messages and sends nothing while the name, phone or e-mail is wrong', () => {
    const { fn } = fakeFetch({});
    render(<CardLeadForm t={ru} />);
    fill({ name: ' ', phone: '12345', email: 'nope' });
    fireEvent.click(screen.getByRole('button', { name: ru.submit }));
    expect(screen.getByText('Номер телефона — 10 цифр')).toBeTruthy();
    expect(screen.getByText('Обязательное поле')).toBeTruthy();
    expect(screen.getByText('Проверьте корректность данных')).toBeTruthy();
    expect(screen.getByLabelText(ru.phone).getAttribute('aria-invalid')).toBe('true');
    expect(fn).not.toHaveBeenCalled();
  });

  it('sends the lead with the power of attorney and shows the thank-you state', async () => {
    const { sent } = fakeFetch({ requestCardDebitLead: { __typename: 'CardDebitLeadCreated', leadId: 7 } });
    render(<CardLeadForm t={ru} />);
    fill({ name: 'Анна', phone: '(916) 123-45-67', city: 'Казань' });
    fireEvent.click(screen.getByLabelText(ru.byPowerOfAttorney));
    fireEvent.click(screen.getByRole('button', { name: ru.submit }));
    expect((await screen.findByTestId('card-lead-sent')).textContent).toContain(ru.sent);
    expect(sent[0].input).toEqual({
      name: 'Анна',
      phone: '9161234567',
      email: null,
      powerOfAttorney: true,
      city: 'Казань',
      comment: null,
    });
  });

  it("shows the server's field errors under their fields and the rate-limit refusal for the form", async () => {
    fakeFetch({
      requestCardDebitLead: {
        __typename: 'UserError',
        code: 'VALIDATION_ERROR',
        message: 'Ошибка валидации',
        fieldErrors: [{ field: 'city', message: 'Превышен лимит символов' }],
      },
    });
    render(<CardLeadForm t={ru} />);
    fill({ name: 'Анна', phone: '9161234567' });
    fireEvent.click(screen.getByRole('button', { name: ru.submit }));
    expect(await screen.findByText('Превышен лимит символов')).toBeTruthy();
    expect(screen.getByLabelText(ru.city).getAttribute('aria-invalid')).toBe('true');

    fakeFetch({
      requestCardDebitLead: {
        __typename: 'UserError',
        code: 'RATE_LIMITED',
        message: 'Слишком много запросов. Попробуйте позже.',
        fieldErrors: [],
      },
    });
    fireEvent.click(screen.getByRole('button', { name: ru.submit }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Слишком много запросов. Попробуйте позже.'),
    );
    expect(screen.queryByTestId('card-lead-sent')).toBeNull();
  });
});
