/**
 * Browser steps of the referral partner's end-to-end suites (issue 11; spec core §2 "Agent area", §3 "Client added by
 * a partner"): the partner signs in at /agent/auth, adds a client by OGRN in the add-client wizard (registry data,
 * contact and estimates, the approval checkbox), and the client sets his password by the invitation link. Accessible
 * names are those listed in web/README.md "Referral partner area".
 */
import type { Page } from 'playwright-core';
import { mailedLink, setPasswordByLinkUi, useSignedInUi, type OperatorUiSuite } from './admin.js';
import type { RolePages } from './browser.js';
import type { Stack } from './stack.js';
import { DEMO_PASSWORD } from './ui.js';

/** The client the suites add: ООО «Техноимпорт» of the fake registry, his contact person and the password he sets. */
export const TECHNOIMPORT = {
  ogrn: '1197746123453',
  name: 'ООО «Техноимпорт»',
  email: 'lebedev@techno.example.com',
  password: 'Client-2026!',
} as const;

/** Signs the referral partner in through /agent/auth and waits for his home (/agent/fea). */
export async function signInAgentUi(page: Page, email = 'agent@example.com'): Promise<void> {
  await page.goto('/agent/auth');
  await page.getByLabel('Электронная почта').fill(email);
  await page.getByRole('button', { name: 'Продолжить' }).click();
  await page.getByLabel('Пароль', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL(/\/agent\/fea/);
}

/**
 * The vitest hooks of a referral partner suite (tests/support/admin.ts useSignedInUi): the stack, Chromium and the page
 * 'agent' signed in as agent@example.com (`page`); screenshots and logs of a failed test named `prefix`.
 */
export function useAgentUi(prefix: string): OperatorUiSuite {
  return useSignedInUi('agent', prefix, (page) => signInAgentUi(page));
}

/**
 * On /agent/clients: adds TECHNOIMPORT in the wizard ('Добавить клиента' → OGRN 'Найти' → contact Лебедев Сергей,
 * China, USD 120000 in 6 payments a month → the approval checkbox → 'Добавить'), waits for 'Приглашение отправлено'
 * and closes the wizard with 'Готово'.
 */
export async function addClientInWizardUi(agent: Page): Promise<void> {
  await agent.getByRole('button', { name: 'Добавить клиента' }).click();
  const wizard = agent.getByRole('dialog', { name: 'Добавление клиента' });
  await wizard.getByLabel('ОГРН или ОГРНИП').fill(TECHNOIMPORT.ogrn);
  await wizard.getByRole('button', { name: 'Найти' }).click();
  await wizard.getByTestId('registry-company').getByText(TECHNOIMPORT.name).waitFor();
  await wizard.getByRole('button', { name: 'Далее' }).click();

  await wizard.getByLabel('Фамилия', { exact: true }).fill('Лебедев');
  await wizard.getByLabel('Имя', { exact: true }).fill('Сергей');
  await wizard.getByLabel('Электронная почта', { exact: true }).fill(TECHNOIMPORT.email);
  await wizard.getByLabel('Телефон', { exact: true }).fill('9161112233');
  await wizard.getByRole('combobox', { name: 'Страны контрагентов' }).fill('Кит');
  await wizard.getByRole('option', { name: /Китай/ }).click();
  await wizard.getByRole('checkbox', { name: /USD/ }).check({ force: true });
  await wizard.getByLabel('Объём платежей в месяц, USD', { exact: true }).fill('120000');
  await wizard.getByLabel('Платежей в месяц', { exact: true }).fill('6');
  await wizard.getByRole('button', { name: 'Далее' }).click();

  await wizard.getByRole('checkbox', { name: 'Клиент согласен на регистрацию на платформе' }).check({ force: true });
  await wizard.getByRole('button', { name: 'Добавить' }).click();
  await wizard.getByTestId('add-client-result').getByText('Приглашение отправлено').waitFor();
  await wizard.getByRole('button', { name: 'Готово' }).click();
}

/** The added client opens the invitation mail's link in his own page and sets TECHNOIMPORT.password; his page. */
export async function clientSetsPasswordUi(stack: Stack, roles: RolePages): Promise<Page> {
  const client = await roles.open('client');
  await setPasswordByLinkUi(
    client,
    mailedLink(stack, TECHNOIMPORT.email, '/client/auth/forgot/pass'),
    TECHNOIMPORT.password,
  );
  return client;
}
