/**
 * The callback modal (spec core §2 Shared "callback modal", §7 POST /api/public/common/user/callback, /callback/{type},
 * /callback/agent through `Mutation.requestCallback`): name, phone (10 digits), e-mail (optional) and comment, checked
 * in the browser with the rules of `@platform/domain/validation/rules` (spec core §5 texts) and by the server. A native
 * <dialog> (focus kept inside, Escape closes) with the modal state of chat-and-shell §4: page scrolling locked and the
 * scrollbar gap reserved while it is open. `topic`: null (general), 'agent' or 'partner'.
 */
import { checkEmail, checkPhone } from '@platform/domain/validation/rules';
import { useEffect, useRef, useState, type FormEvent, type ReactElement } from 'react';
import type { CallbackDialogMutation } from '../../__generated__/CallbackDialogMutation.graphql';
import { reachGoal } from '../../system/analytics/analytics';
import { useLocale } from './locale';
import { publicGraphql } from './publicGraphql';
import { callFailedMessage, errorsOfUserError, FieldErrorText, type SiteFormErrors } from './siteForm';
import { siteTexts } from './texts';

// babel-plugin-relay replaces the tag with the compiled artifact; no relay-runtime is loaded.
declare function graphql(strings: TemplateStringsArray): import('./publicGraphql').OperationArtifact;

const mutation = graphql`
  mutation CallbackDialogMutation($input: RequestCallbackInput!) {
    requestCallback(input: $input) {
      __typename
      ... on CallbackRequested {
        requestId
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

const FIELDS = ['name', 'phone', 'email', 'comment'] as const;
type Errors = SiteFormErrors<(typeof FIELDS)[number]>;

/** Locks page scrolling and reserves the scrollbar's width while `locked` (chat-and-shell §4 modal state). */
export function useScrollLock(locked: boolean): void {
  useEffect(() => {
    if (!locked) return;
    const { overflow, paddingRight } = document.body.style;
    const gap = window.innerWidth - document.documentElement.clientWidth;
    document.body.style.overflow = 'hidden';
    if (gap > 0) document.body.style.paddingRight = `${gap}px`;
    return () => {
      document.body.style.overflow = overflow;
      document.body.style.paddingRight = paddingRight;
    };
  }, [locked]);
}

/** The button that opens the callback modal, and the modal. */
export function CallbackButton({ topic }: { topic: 'agent' | 'partner' | null }) {
  const t = siteTexts(useLocale()).callback;
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  useScrollLock(open);

  const show = () => {
    setSent(false);
    setErrors({});
    dialog.current?.showModal();
    setOpen(true);
  };
  const close = () => dialog.current?.close();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (k: string) => String(form.get(k) ?? '').trim();
    const input = {
      name: value('name'),
      phone: value('phone').replace(/\D/g, ''),
      email: value('email') || null,
      comment: value('comment') || null,
      topic,
    };
    const found: Errors = {};
    if (!input.name) found.name = t.required;
    if (checkPhone(input.phone)) found.phone = checkPhone(input.phone)!.message;
    if (input.email && checkEmail(input.email)) found.email = checkEmail(input.email)!.message;
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const data = await publicGraphql<CallbackDialogMutation['response']>(mutation, { input });
      const result = data.requestCallback;
      if (result.__typename === 'CallbackRequested') {
        setSent(true);
        reachGoal('callback_sent', { topic: topic ?? 'general' });
      } else if (result.__typename === 'UserError') {
        setErrors(errorsOfUserError(result, FIELDS, t.rateLimited));
      }
    } catch (error) {
      setErrors({ form: callFailedMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  const field = (name: 'name' | 'phone' | 'email' | 'comment', label: string, input: ReactElement) => (
    <div className="site-field">
      <label htmlFor={`callback-${name}`}>{label}</label>
      {input}
      <FieldErrorText id={`callback-${name}-error`} message={errors[name]} />
    </div>
  );
  const described = (name: keyof Errors) => (errors[name] ? `callback-${name}-error` : undefined);

  return (
    <>
      <button type="button" className="site-button site-button--ghost" onClick={show}>
        {t.button}
      </button>
      <dialog ref={dialog} className="site-dialog" aria-labelledby="callback-title" onClose={() => setOpen(false)}>
        <div className="site-dialog__head">
          <h2 id="callback-title">{t.title}</h2>
          <button type="button" className="site-dialog__close" aria-label={t.close} onClick={close}>
            ×
          </button>
        </div>
        {sent ? (
          <div role="status">
            <p>{t.sent}</p>
            <button type="button" className="site-button" onClick={close}>
              {t.close}
            </button>
          </div>
        ) : (
          <form noValidate onSubmit={(e) => void submit(e)}>
            {field(
              'name',
              t.name,
              <input
                id="callback-name"
                name="name"
                autoComplete="name"
                maxLength={100}
                aria-invalid={!!errors.name}
                aria-describedby={described('name')}
              />,
            )}
            {field(
              'phone',
              t.phone,
              <input
                id="callback-phone"
                name="phone"
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                placeholder="9161234567"
                maxLength={20}
                aria-invalid={!!errors.phone}
                aria-describedby={described('phone')}
              />,
            )}
            {field(
              'email',
              t.email,
              <input
                id="callback-email"
                name="email"
                type="email"
                autoComplete="email"
                maxLength={254}
                aria-invalid={!!errors.email}
                aria-describedby={described('email')}
              />,
            )}
            {field('comment', t.comment, <textarea id="callback-comment" name="comment" rows={3} maxLength={2000} />)}
            <FieldErrorText message={errors.form} />
            <button type="submit" className="site-button" disabled={busy}>
              {t.submit}
            </button>
          </form>
        )}
      </dialog>
    </>
  );
}
