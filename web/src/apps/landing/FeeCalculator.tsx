/**
 * The fee calculator of the clients' landing (spec core §1 "a fee calculator", "fee from 0.4% (calculator minimum
 * 50 000 rubles)", §9): amount and currency in, the indicative fee out. The server computes it (Query.feeEstimate →
 * GET /api/public/calculator/fee, the deal flow's commission rule); the browser only shows the answer and the field
 * messages the server sends (no copy of the rule here). Plain React and landing.css, a persisted call without
 * relay-runtime (publicGraphql.ts).
 */
import { useId, useState, type FormEvent } from 'react';
import type { FeeCalculatorQuery } from '../../__generated__/FeeCalculatorQuery.graphql';
import { reachGoal } from '../../system/analytics/analytics';
import { formatDecimalString, formatPercentClaim } from './claims';
import { useLocale } from './locale';
import { publicGraphql } from './publicGraphql';
import { callFailedMessage, errorsOfUserError, FieldErrorText, type SiteFormErrors } from './siteForm';
import { siteTexts } from './texts';

// babel-plugin-relay replaces the tag with the compiled artifact; no relay-runtime is loaded.
declare function graphql(strings: TemplateStringsArray): import('./publicGraphql').OperationArtifact;

const query = graphql`
  query FeeCalculatorQuery($amount: String!, $currency: String!) {
    feeEstimate(amount: $amount, currency: $currency) {
      __typename
      ... on FeeEstimate {
        amount {
          amount
          currency
        }
        feePercent
        fee {
          amount
          currency
        }
        rate
        amountConverted {
          amount
          currency
        }
        totalToPay {
          amount
          currency
        }
      }
      ... on UserError {
        code
        message
        fieldErrors {
          field
          message
        }
      }
    }
  }
`;

/** Payment currencies offered in the form; the server answers 'Валюта пока не поддерживается' for any other. */
export const CALCULATOR_CURRENCIES = ['USD', 'EUR', 'CNY', 'AED'] as const;

type Estimate = Extract<FeeCalculatorQuery['response']['feeEstimate'], { __typename: 'FeeEstimate' }>;
const FIELDS = ['amount', 'currency'] as const;
type Errors = SiteFormErrors<(typeof FIELDS)[number]>;

/** '928620.00' + 'RUB' → '928 620,00 ₽' (ru) / 'RUB 928,620.00' (en); other currencies by code. */
function money(amount: string, currency: string, locale: 'ru' | 'en'): string {
  const n = formatDecimalString(amount, locale);
  if (currency === 'RUB') return locale === 'ru' ? `${n}\u00a0₽` : `RUB ${n}`;
  return locale === 'ru' ? `${n}\u00a0${currency}` : `${currency} ${n}`;
}

export function FeeCalculator() {
  const locale = useLocale();
  const texts = siteTexts(locale);
  const t = texts.calculator;
  const id = useId();
  const [estimate, setEstimate] = useState<Estimate | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const amount = String(form.get('amount') ?? '').replace(/[\s\u00a0]/g, '');
    const currency = String(form.get('currency') ?? '');
    setBusy(true);
    try {
      const data = await publicGraphql<FeeCalculatorQuery['response']>(query, { amount, currency });
      const r = data.feeEstimate;
      if (r.__typename === 'FeeEstimate') {
        setEstimate(r);
        setErrors({});
        reachGoal('fee_calculated', { currency });
      } else if (r.__typename === 'UserError') {
        setEstimate(null);
        setErrors(errorsOfUserError(r, FIELDS, texts.callback.rateLimited));
      }
    } catch (error) {
      setErrors({ form: callFailedMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  const described = (name: keyof Errors) => (errors[name] ? `${id}-${name}-error` : undefined);
  return (
    <section className="site-section site-section--alt" aria-labelledby={`${id}-title`}>
      <div className="site-container site-calculator">
        <div>
          <h2 id={`${id}-title`}>{t.title}</h2>
          <p className="site-lead">{t.lead}</p>
        </div>
        <form className="site-calculator__form" noValidate onSubmit={(e) => void submit(e)}>
          <div className="site-field">
            <label htmlFor={`${id}-amount`}>{t.amount}</label>
            <input
              id={`${id}-amount`}
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              placeholder="10000"
              maxLength={20}
              required
              aria-invalid={!!errors.amount}
              aria-describedby={described('amount')}
            />
            <FieldErrorText id={`${id}-amount-error`} message={errors.amount} />
          </div>
          <div className="site-field">
            <label htmlFor={`${id}-currency`}>{t.currency}</label>
            <select
              id={`${id}-currency`}
              name="currency"
              defaultValue="USD"
              aria-invalid={!!errors.currency}
              aria-describedby={described('currency')}
            >
              {CALCULATOR_CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
            <FieldErrorText id={`${id}-currency-error`} message={errors.currency} />
          </div>
          <FieldErrorText message={errors.form} />
          <button type="submit" className="site-button" disabled={busy}>
            {t.submit}
          </button>
        </form>
        {estimate ? (
          <dl className="site-calculator__result" aria-live="polite" data-testid="fee-estimate">
            <div>
              <dt>{t.fee}</dt>
              <dd>
                {money(estimate.fee.amount, estimate.fee.currency, locale)} (
                {formatPercentClaim(String(estimate.feePercent), locale)})
              </dd>
            </div>
            <div>
              <dt>{t.rate}</dt>
              <dd>{money(String(estimate.rate), 'RUB', locale)}</dd>
            </div>
            <div>
              <dt>{t.converted}</dt>
              <dd>{money(estimate.amountConverted.amount, estimate.amountConverted.currency, locale)}</dd>
            </div>
            <div>
              <dt>{t.total}</dt>
              <dd>
                <strong>{money(estimate.totalToPay.amount, estimate.totalToPay.currency, locale)}</strong>
              </dd>
            </div>
          </dl>
        ) : null}
        {estimate ? <p className="site-calculator__note">{t.note}</p> : null}
      </div>
    </section>
  );
}
