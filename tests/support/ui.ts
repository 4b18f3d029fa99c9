/**
 * Browser steps shared by the end-to-end suites: signing in each role through its own entry (spec core §2 auth
 * screens; operators through the external login page of the embedded default) and creating a request through the
 * client's form. Accessible names are those listed in web/README.md.
 */
import type { Page } from 'playwright-core';

export const DEMO_PASSWORD = 'Demo-2026!';

/** Signs a client or payment agent in through /<area>/auth (e-mail step, then password step). */
export async function signInUi(page: Page, area: 'client' | 'partner', email: string): Promise<void> {
  await page.goto(`/${area}/auth`);
  await page.getByLabel('Электронная почта').fill(email);
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await page.getByLabel('Пароль', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.getByRole('heading', { name: 'Заявки' }).waitFor();
}

/** Signs an operator in: /operator/auth → the external page /oper-login → back with a one-time code → /operator/fea. */
export async function signInOperatorUi(page: Page, email = 'operator@example.com'): Promise<void> {
  await page.goto('/operator/auth');
  await page.getByRole('link', { name: 'Войти через страницу оператора' }).click();
  await page.getByLabel('Электронная почта').fill(email);
  await page.getByLabel('Пароль').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL(/\/operator\/fea/);
  await page.getByRole('heading', { name: 'Заявки' }).waitFor();
}

/** A minimal valid PDF (upload types are checked by content). */
export function pdfFile(name: string) {
  return {
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.from(`%PDF-1.4\n% ${name}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`),
  };
}

/** YYYY-MM-DD `days` from today. */
export function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86400_000).toISOString().slice(0, 10);
}

/**
 * Fills and sends the client's create-request form (real country, currency, SWIFT and TN VED code from the
 * directories) on the requests page; waits until the dialog closes. Answers the bank name the SWIFT pick filled in.
 */
export async function createRequestUi(
  page: Page,
  opts: { amount: string; comment: string },
): Promise<{ bankName: string }> {
  await page.getByRole('button', { name: 'Создать заявку' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новая заявка' });
  await dialog.waitFor();
  await dialog.getByRole('radio', { name: 'Отправка' }).check({ force: true });
  await dialog.getByLabel('Сумма').fill(opts.amount);
  await dialog.getByLabel('Валюта').selectOption('CNY');
  await dialog.getByRole('combobox', { name: 'Страна контрагента' }).fill('Кита');
  await page.getByRole('listbox', { name: 'Страна контрагента' }).getByRole('option', { name: 'Китай' }).click();
  await dialog.getByLabel('Город').fill('Пекин');
  await dialog.getByRole('combobox', { name: 'SWIFT' }).fill('BKCHCNBJ');
  await page
    .getByRole('option', { name: /BKCHCNBJ/ })
    .first()
    .click();
  const bankName = await dialog.getByLabel('Банк контрагента').inputValue();
  await dialog.getByRole('combobox', { name: 'Код ТН ВЭД' }).fill('8471300000');
  await page
    .getByRole('option', { name: /8471300000/ })
    .first()
    .click();
  await dialog.getByRole('radio', { name: 'Не ввезён' }).check({ force: true });
  await dialog.getByLabel('Срок оплаты с').fill(dayFromNow(5));
  await dialog.getByLabel('Срок оплаты по').fill(dayFromNow(25));
  await dialog.getByLabel('Комментарий').fill(opts.comment);
  await dialog.getByLabel('Файлы (инвойс, контракт)').setInputFiles(pdfFile('Инвойс.pdf'));
  await dialog.getByText('Инвойс.pdf').first().waitFor();
  await dialog.getByRole('button', { name: 'Отправить заявку' }).click();
  await dialog.waitFor({ state: 'hidden' });
  return { bankName };
}

/** Waits for the running animations (dialog open / close) to finish, for a steady screenshot. */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}
