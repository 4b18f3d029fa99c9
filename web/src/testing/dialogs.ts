/**
 * Finding controls inside Chakra (Ark/Zag) dialogs in jsdom tests.
 *
 * A dialog opened from another dialog (data-nested="dialog") is briefly — and on a loaded CI machine, for seconds — left
 * under the outer dialog's `aria-hidden` guard, so `findByRole` with the default accessibility filter may not see its
 * buttons although they are rendered. These helpers look buttons and alerts up by role (and accessible name) including hidden
 * elements; whether the dialog is open is asserted separately (`findByRole('alertdialog', { name })`), and the real
 * browser suites (tests/e2e) check the same dialogs without this allowance.
 */
import { within } from '@testing-library/react';

/** The button named `name` inside `dialog`; waits up to 5 s for it to be rendered. */
export function findDialogButton(dialog: HTMLElement, name: string | RegExp): Promise<HTMLElement> {
  return within(dialog).findByRole('button', { name, hidden: true }, { timeout: 5000 });
}

/** The alert (an inline error) inside `dialog`; waits up to 5 s for it to be rendered. */
export function findDialogAlert(dialog: HTMLElement): Promise<HTMLElement> {
  return within(dialog).findByRole('alert', { hidden: true }, { timeout: 5000 });
}
