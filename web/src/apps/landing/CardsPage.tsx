/**
 * /clients/cards (spec core §2: layout "none"; §1 foreign bank cards issued for a fee, with or without a power of
 * attorney, card discount 10 %) with the debit card lead form (§1 "a public lead form exists for a debit card", §7
 * POST /api/public/lead/card/debit through `Mutation.requestCardDebitLead`): name, phone (10 digits), e-mail
 * (optional), in person or by a power of attorney, city and comment (optional). Checked in the browser with the rules of
 * `@platform/domain/validation/rules` (spec core §5 texts) and by the server, whose field errors and refusals
 * (RATE_LIMITED: too many forms from one address) are shown; a thank-you state after sending. Plain React and
 * landing.css, a persisted call without relay-runtime (publicGraphql.ts), like the callback modal.
 */
import { checkEmail, checkPhone } from '@platform/domain/validation/rules';
import { useId, useState, type FormEvent, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import type { CardsPageLeadMutation } from '../../__generated__/CardsPageLeadMutation.graphql';
import { reachGoal } from '../../system/analytics/analytics';
import type { Locale } from '../../system/i18n';
import { Points } from './LandingSections';
import { LocaleContext } from './locale';
import { publicGraphql } from './publicGraphql';
import { callFailedMessage, errorsOfUserError, FieldErrorText, type SiteFormErrors } from './siteForm';
import { useSitePage } from './useSitePage';
import type { SiteTexts } from './texts';
import './landing.css';

// babel-plugin-relay replaces the tag with the compiled artifact; no relay-runtime is loaded.
declare function graphql(strings: TemplateStringsArray): import('./publicGraphql').OperationArtifact;

const mutation = graphql`
  mutation CardsPageLeadMutation($input: CardDebitLeadInput!) {
    requestCardDebitLead(input: $input) {
      __typename
      ... on CardDebitLeadCreated {
        leadId
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

const FIELDS = ['name', 'phone', 'email', 'powerOfAttorney', 'city', 'comment'] as const;
type Field = (typeof FIELDS)[number];
type Errors = SiteFormErrors<Field>;

/** The debit card lead form and its thank-you state. */
export function CardLeadForm({ t }: { t: SiteTexts['cards']['form'] }) {
  const id = useId();
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (k: string) => String(form.get(k) ?? '').trim();
    const input = {
      name: value('name'),
      phone: value('phone').replace(/\D/g, ''),
      email: value('email') || null,
      powerOfAttorney: value('powerOfAttorney') === 'yes',
      city: value('city') || null,
      comment: value('comment') || null,
    };
    const found: Errors = {};
    if (!input.name) found.name = t.required;
    if (!input.phone) found.phone = t.required;
    else if (checkPhone(input.phone)) found.phone = checkPhone(input.phone)!.message;
    if (input.email && checkEmail(input.email)) found.email = checkEmail(input.email)!.message;
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const data = await publicGraphql<CardsPageLeadMutation['response']>(mutation, { input });
      const result = data.requestCardDebitLead;
      if (result.__typename === 'CardDebitLeadCreated') {
        setSent(true);
        reachGoal('card_lead_sent', { powerOfAttorney: input.powerOfAttorney });
      } else if (result.__typename === 'UserError') {
        setErrors(errorsOfUserError(result, FIELDS, t.rateLimited));
      }
    } catch (error) {
      setErrors({ form: callFailedMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  const errorOf = (name: Field) => <FieldErrorText id={`${id}-${name}-error`} message={errors[name]} />;
  const field = (name: Field, label: string, input: ReactElement) => (
    <div className="site-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {input}
      {errorOf(name)}
    </div>
  );
  const aria = (name: Field) => ({
    id: `${id}-${name}`,
    name,
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <section className="site-section site-section--alt" aria-labelledby={`${id}-title`}>
      <div className="site-container site-calculator">
        <div>
          <h2 id={`${id}-title`}>{t.title}</h2>
          <p className="site-lead">{t.intro}</p>
        </div>
        {sent ? (
          <div role="status" data-testid="card-lead-sent">
            <p className="site-lead">{t.sent}</p>
            <button type="button" className="site-button site-button--ghost" onClick={() => setSent(false)}>
              {t.again}
            </button>
          </div>
        ) : (
          <form noValidate onSubmit={(e) => void submit(e)} aria-label={t.title}>
            {field('name', t.name, <input {...aria('name')} autoComplete="name" maxLength={100} />)}
            {field(
              'phone',
              t.phone,
              <input
                {...aria('phone')}
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                placeholder="9161234567"
                maxLength={20}
              />,
            )}
            {field('email', t.email, <input {...aria('email')} type="email" autoComplete="email" maxLength={254} />)}
            <fieldset
              className="site-field site-choice"
              aria-describedby={errors.powerOfAttorney ? `${id}-powerOfAttorney-error` : undefined}
            >
              <legend>{t.way}</legend>
              <label>
                <input type="radio" name="powerOfAttorney" value="no" defaultChecked /> {t.inPerson}
              </label>
              <label>
                <input type="radio" name="powerOfAttorney" value="yes" /> {t.byPowerOfAttorney}
              </label>
              {errorOf('powerOfAttorney')}
            </fieldset>
            {field('city', t.city, <input {...aria('city')} autoComplete="address-level2" maxLength={100} />)}
            {field('comment', t.comment, <textarea {...aria('comment')} rows={3} maxLength={2000} />)}
            <FieldErrorText message={errors.form} />
            <button type="submit" className="site-button" disabled={busy}>
              {t.submit}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}

export function CardsPage({ locale }: { locale: Locale }) {
  const t = useSitePage(locale, locale === 'ru' ? 'Зарубежные карты' : 'Foreign cards');
  return (
    <LocaleContext.Provider value={locale}>
      <main className="site site-main">
        <section className="site-hero">
          <div className="site-container">
            <h1>{t.cards.title}</h1>
            <p className="site-lead">{t.cards.lead}</p>
            <Link className="site-button site-button--ghost" to={locale === 'ru' ? '/clients' : '/en/clients'}>
              {t.cards.back}
            </Link>
          </div>
        </section>
        <Points items={t.cards.points} />
        <CardLeadForm t={t.cards.form} />
      </main>
    </LocaleContext.Provider>
  );
}
