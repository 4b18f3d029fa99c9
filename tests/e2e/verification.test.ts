/**
 * Company verification by a qualified electronic signature, end to end in headless Chromium over the real stack
 * (issue 8; spec core §1 "register, get verified", §2 Client: my company, documents; §6 VERIFIED_CLIENT; spec
 * chat-and-shell §3 "Signing certificate", §4 "Signing flow" (only non-expired certificates, CAdES-BES detached), §5
 * 'Не выбран сертификат', §8 plug-in messages, §9 plug-in load time-out).
 *
 * The CryptoPro browser plug-in is the one part a test browser cannot have: tests/support/fake-cades-plugin.ts injects
 * a `window.cadesplugin` with the real plug-in's API, so the product adapter (crypto-pro) runs unchanged; the
 * signatures are made in Node by the test PKI, whose CA the backend trusts (TRUSTED_CA_DIR = pki.dir).
 */
import { createHash, X509Certificate } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { companies, users } from '../../backend/src/db/schema/core.js';
import { dealDocuments } from '../../backend/src/db/schema/deal.js';
import { partnerOrders } from '../../backend/src/db/schema/orders.js';
import { verificationDocuments } from '../../backend/src/db/schema/verification.js';
import { runTransition } from '../../backend/src/deal/repository.js';
import { userOf } from '../../backend/test/deal-partner-helpers.js';
import { launchBrowser, RolePages } from '../support/browser.js';
import { createTestPki, gostAvailable, type TestCertificate } from '../support/certificates.js';
import { day, orderInput, pdf, signIn } from '../support/deal.js';
import { installFakeCadesPlugin, type FakeCadesOptions } from '../support/fake-cades-plugin.js';
import { startStack, type Stack } from '../support/stack.js';
import { createRequestUi, signInUi } from '../support/ui.js';

/** A real pair from the Bank of Russia directory (ED807): ПАО Сбербанк, BIK 044525225, with a settlement account whose control key matches. */
const BIK = '044525225';
const ACCOUNT = '40702810938000012345';
const PLUGIN_TIMEOUT_FOR_TEST_MS = 1500;

describe('company verification in the browser', () => {
  const pki = createTestPki();
  let stack: Stack;
  let browser: Browser;
  let pages: RolePages;

  beforeAll(async () => {
    stack = await startStack({ trustedCaDir: pki.dir });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });
  afterEach(async (ctx) => {
    await pages?.afterFailure('verification', ctx);
    await pages?.close();
  });

  async function openPage(role: string, plugin: FakeCadesOptions) {
    pages ??= new RolePages(browser, stack.url);
    const page = await pages.open(role);
    const handle = await installFakeCadesPlugin(page, plugin);
    return { page, handle };
  }

  /** A legal entity's certificate for the company (OGRN + INN of the organisation), valid or expired. */
  function companyCertificate(
    company: { ogrn: string; inn: string; shortName: string },
    opts: { expired?: boolean; surname?: string; gost?: boolean } = {},
  ): TestCertificate {
    return pki.issue({
      kind: 'LEGAL_ENTITY',
      ogrn: company.ogrn,
      inn: company.inn,
      organization: company.shortName,
      surname: opts.surname ?? 'Новиков',
      givenName: 'Пётр Ильич',
      position: 'Генеральный директор',
      email: 'ceo@example.com',
      ...(opts.gost
        ? { algorithm: 'GOST2012_256' as const, issuer: 'ROOT' as const }
        : { algorithm: 'RSA' as const, issuer: 'INTERMEDIATE' as const }),
      ...(opts.expired
        ? { notBefore: new Date(Date.now() - 400 * 86_400_000), notAfter: new Date(Date.now() - 30 * 86_400_000) }
        : {}),
    });
  }

  async function registerNewcomer(p: Page, email: string): Promise<void> {
    await p.goto('/client/auth');
    await p.getByLabel('Электронная почта').fill(email);
    await p.getByRole('button', { name: 'Продолжить' }).click();
    await p.getByRole('heading', { name: 'Подтвердите почту' }).waitFor();
    const token = stack.mailer.lastToken(email);
    expect(token).toBeTruthy();
    await p.goto(`/client/auth/registration?token=${encodeURIComponent(token!)}`);
    await p.getByLabel('Пароль', { exact: true }).fill('Newcomer-2026!');
    await p.getByLabel('Повторите пароль').fill('Newcomer-2026!');
    await p.getByRole('button', { name: 'Продолжить' }).click();
    await p.getByTestId('registration-step').filter({ hasText: 'Шаг 1 из 4' }).waitFor();
    await p.getByLabel('Название компании или ИНН').fill('7704123450');
    await p.getByRole('radio', { name: /Техноимпорт/ }).check({ force: true });
    await p.getByRole('button', { name: 'Далее' }).click();
    await p.getByTestId('registration-step').filter({ hasText: 'Шаг 2 из 4' }).waitFor();
    await p.getByLabel('Фамилия').fill('Новиков');
    await p.getByLabel('Имя', { exact: true }).fill('Пётр');
    await p.getByLabel('Отчество').fill('Ильич');
    await p.getByLabel('Телефон').fill('9161234567');
    await p.getByRole('button', { name: 'Далее' }).click();
    await p.getByTestId('registration-step').filter({ hasText: 'Шаг 3 из 4' }).waitFor();
    await p.getByRole('combobox', { name: 'Страны контрагентов' }).fill('Кита');
    await p.getByRole('option', { name: 'Китай' }).first().click();
    await p.getByRole('checkbox', { name: 'CNY' }).check({ force: true });
    await p.getByLabel('Количество платежей в месяц').fill('4');
    await p.getByLabel('Примерный объём платежей в месяц, USD').fill('80000');
    await p.getByRole('button', { name: 'Далее' }).click();
    await p.getByTestId('registration-step').filter({ hasText: 'Шаг 4 из 4' }).waitFor();
    await p.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await p.waitForURL(/\/client\/fea/);
  }

  async function companyOf(email: string) {
    const [user] = await stack.backend.db.select().from(users).where(eq(users.email, email));
    const [company] = await stack.backend.db.select().from(companies).where(eq(companies.id, user.companyId!));
    return company;
  }

  it('a newcomer registers, adds bank requisites, signs the application through the plug-in, becomes verified and creates a request', async () => {
    const email = 'verify.e2e@example.com';
    // The company comes from the demo registry at registration; the certificates are issued for it before the page loads.
    const registry = { ogrn: '1197746123453', inn: '7704123450', shortName: 'ООО «Техноимпорт»' };
    const expired = companyCertificate(registry, { expired: true, surname: 'Просроченный' });
    // Qualified certificates in Russia are GOST R 34.10-2012 (Streebog digest): used where OpenSSL's GOST engine is installed.
    const valid = companyCertificate(registry, { gost: gostAvailable() });
    const { page: p, handle } = await openPage('newcomer', { mode: 'ready', certificates: [expired, valid] });

    await registerNewcomer(p, email);
    const company = await companyOf(email);
    expect({ ogrn: company.ogrn, inn: company.inn }).toEqual({ ogrn: registry.ogrn, inn: registry.inn });

    // /client/fea says why requests are closed and leads to 'Моя компания' (spec core §6).
    const banner = p.getByTestId('unverified-banner');
    await banner.getByText('Создание заявок недоступно').waitFor();
    await expect(banner.textContent()).resolves.toContain('квалифицированной электронной подписью');
    await banner.getByRole('link', { name: 'Подтвердить компанию в разделе «Моя компания»' }).click();
    await p.waitForURL(/\/client\/company/);

    // The verification panel lists what is missing: first the bank requisites.
    const panel = p.getByTestId('verification-panel');
    await panel.getByRole('heading', { name: 'Подтверждение компании' }).waitFor();
    await expect(panel.locator('[data-step="ADD_BANK_REQUISITES"]').getAttribute('data-done')).resolves.toBe('false');
    await panel.getByRole('link', { name: 'Перейти к банковским реквизитам' }).click();
    await addRequisiteUi(p, BIK, ACCOUNT);

    // Then, without a reload, the application appears with 'Подписать заявление' on the main tab.
    await p.getByRole('tab', { name: 'Основные данные' }).click();
    await expect
      .poll(() =>
        p.getByTestId('verification-panel').locator('[data-step="ADD_BANK_REQUISITES"]').getAttribute('data-done'),
      )
      .toBe('true');
    await p.getByRole('button', { name: 'Подписать заявление' }).click();
    const dialog = p.getByRole('dialog', { name: 'Подписание заявления' });
    await dialog.waitFor();
    const list = dialog.getByRole('radiogroup', { name: 'Сертификат для подписи' });
    await list.waitFor();
    // Only the certificate not yet expired is offered (spec chat §4, §5), with its subject and issuer fields (§3).
    await expect(list.getByRole('radio').count()).resolves.toBe(1);
    await expect(dialog.getByText('Просроченный').count()).resolves.toBe(0);
    const option = dialog.getByTestId('certificate-option');
    const optionText = (await option.textContent())!;
    expect(optionText).toContain('ООО «Техноимпорт»');
    expect(optionText).toContain('Новиков Пётр Ильич');
    expect(optionText).toContain('Генеральный директор');
    expect(optionText).toContain(registry.ogrn);
    expect(optionText).toContain(registry.inn);
    expect(optionText).toContain(/CN=([^\n]+)/.exec(new X509Certificate(valid.der).issuer)![1]);
    expect(optionText).toContain(valid.thumbprint);
    expect(optionText).toMatch(/Действителен\s*с \d{2}\.\d{2}\.\d{4} по \d{2}\.\d{2}\.\d{4}/);

    // Signing without a choice is refused with the §5 text.
    await dialog.getByRole('button', { name: 'Подписать' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Не выбран сертификат' }).waitFor();

    await chooseCertificate(dialog, /ООО «Техноимпорт» · Новиков Пётр Ильич · до \d{2}\.\d{2}\.\d{4}/);
    await dialog.getByRole('button', { name: 'Подписать' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });

    // Verified at once (no reload): the panel says so and the server holds the signature over the exact document bytes.
    await p.getByTestId('verification-panel').filter({ hasText: 'Компания подтверждена' }).waitFor();
    const [doc] = await stack.backend.db
      .select()
      .from(verificationDocuments)
      .where(eq(verificationDocuments.companyId, company.id));
    expect(doc.status).toBe('SIGNED');
    expect(handle.signatures).toHaveLength(1);
    expect(handle.signatures[0]).toEqual({ thumbprint: valid.thumbprint, contentSha256: doc.sha256 });
    expect((await companyOf(email)).verifiedAt).toBeTruthy();

    // Requests are open now, in the same session and without a reload.
    await p.getByRole('navigation', { name: 'Основное меню' }).getByRole('link', { name: 'Заявки' }).click();
    await p.getByRole('heading', { name: 'Заявки' }).waitFor();
    await expect(p.getByTestId('unverified-banner').count()).resolves.toBe(0);
    await createRequestUi(p, { amount: '5000', comment: 'Первая заявка после подтверждения' });
    await p.getByTestId('order-row').filter({ hasText: '5 000,00' }).first().waitFor();

    // 'Документы': the signed application with the signer, date-time, certificate validity and hash (spec core §3 Documents).
    await p.goto('/client/documents');
    await p.getByRole('heading', { name: 'Документы' }).waitFor();
    const row = p.getByRole('list', { name: 'Документы компании' }).getByTestId('company-document').first();
    await row.waitFor();
    await expect(row.getAttribute('data-kind')).resolves.toBe('VERIFICATION');
    const rowText = (await row.textContent())!;
    expect(rowText).toContain('Заявление о присоединении');
    expect(rowText).toContain('Подписан');
    expect(rowText).toContain('Квалифицированная электронная подпись');
    expect(rowText).toContain('Новиков Пётр Ильич');
    expect(rowText).toMatch(/Дата и время\s*\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
    expect(rowText).toMatch(/Сертификат действителен до\s*\d{2}\.\d{2}\.\d{4}/);
    expect(rowText).toContain(doc.sha256);
    const download = await p.request.get(
      (await row.getByRole('link', { name: /^Скачать / }).getAttribute('href')) as string,
    );
    expect(download.status()).toBe(200);
    expect(
      createHash('sha256')
        .update(await download.body())
        .digest('hex'),
    ).toBe(doc.sha256);
  });

  describe("the modal's plug-in messages (spec chat §8, §9)", () => {
    const email = 'newclient@example.com';
    beforeAll(async () => {
      // Setup: the demo unverified client gets a bank requisite so that its application exists.
      const api = await stack.backend.signedIn(email);
      const res = await api.post('/api/secured/client/requisites/create', { bankBik: BIK, checkAccount: ACCOUNT });
      expect(res.statusCode, res.body).toBe(200);
    });

    async function openSigning(p: Page) {
      await signInUi(p, 'client', email);
      await p.goto('/client/company');
      await p.getByRole('button', { name: 'Подписать заявление' }).click();
      const dialog = p.getByRole('dialog', { name: 'Подписание заявления' });
      await dialog.waitFor();
      return dialog;
    }

    it('no plug-in: "Плагин недоступен" with the prompt to install the browser extension', async () => {
      const { page: p } = await openPage('no-plugin', { mode: 'absent', loadTimeoutMs: 10_000 });
      const dialog = await openSigning(p);
      const alert = dialog.getByTestId('signing-error');
      await alert.getByText('Плагин недоступен', { exact: true }).waitFor();
      await alert
        .getByRole('link', { name: 'Установить расширение CryptoPro Extension for CAdES Browser Plug-in' })
        .waitFor();
      await expect(
        alert.getByRole('link', { name: 'Скачать КриптоПро ЭЦП Browser plug-in' }).getAttribute('href'),
      ).resolves.toBe('https://www.cryptopro.ru/products/cades/plugin');
      await expect(dialog.getByRole('button', { name: 'Повторить' }).isVisible()).resolves.toBe(true);
    });

    it('a plug-in that never answers: "Истекло время ожидания загрузки плагина" after the load time-out', async () => {
      const { page: p } = await openPage('plugin-hangs', { mode: 'hang', loadTimeoutMs: PLUGIN_TIMEOUT_FOR_TEST_MS });
      const dialog = await openSigning(p);
      const started = Date.now();
      await dialog.getByRole('status').filter({ hasText: 'Загрузка плагина…' }).waitFor();
      const alert = dialog.getByTestId('signing-error');
      await alert.getByText('Истекло время ожидания загрузки плагина', { exact: true }).waitFor();
      expect(Date.now() - started).toBeGreaterThanOrEqual(PLUGIN_TIMEOUT_FOR_TEST_MS - 500);
      await alert.getByTestId('install-extension-prompt').waitFor();
    });

    it('no certificate chosen → "Не выбран сертификат"; another company\'s certificate → the server\'s refusal, still unverified', async () => {
      const foreign = companyCertificate(
        { ogrn: '1177746126040', inn: '7707393126', shortName: 'ООО «Чужая компания»' },
        { surname: 'Чужой' },
      );
      const { page: p, handle } = await openPage('wrong-certificate', { mode: 'ready', certificates: [foreign] });
      const dialog = await openSigning(p);
      await dialog.getByRole('radiogroup', { name: 'Сертификат для подписи' }).waitFor();
      await dialog.getByRole('button', { name: 'Подписать' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'Не выбран сертификат' }).waitFor();
      await chooseCertificate(dialog, /ООО «Чужая компания»/);
      await expect(dialog.getByRole('alert').count()).resolves.toBe(0);
      await dialog.getByRole('button', { name: 'Подписать' }).click();
      await dialog
        .getByRole('alert')
        .filter({ hasText: /^Ошибка подписи: / })
        .waitFor();
      expect(handle.signatures).toHaveLength(1);
      await dialog.getByRole('button', { name: 'Отмена' }).click();
      await expect(p.getByTestId('verification-panel').getAttribute('data-verified')).resolves.toBe('false');
      const c = await companyOf(email);
      expect(c.verifiedAt).toBeNull();
    });

    it("an application replaced while the modal is open: the server's refusal is shown, the panel takes the new one and signing it verifies", async () => {
      const own = companyCertificate(
        { ogrn: '1207700123454', inn: '9701160591', shortName: 'ООО «Новый Импорт»' },
        { surname: 'Кузнецова' },
      );
      const { page: p, handle } = await openPage('superseded', { mode: 'ready', certificates: [own] });
      const dialog = await openSigning(p);
      await chooseCertificate(dialog, /ООО «Новый Импорт» · Кузнецова/);
      // Meanwhile the company's data change (another requisite): the server replaces the application.
      const api = await stack.backend.signedIn(email);
      const res = await api.post('/api/secured/client/requisites/create', {
        bankBik: BIK,
        checkAccount: '40702810238000000002',
      });
      expect(res.statusCode, res.body).toBe(200);
      await dialog.getByRole('button', { name: 'Подписать' }).click();
      await dialog
        .getByRole('alert')
        .filter({ hasText: 'Заявление изменилось после изменения данных компании: получите его заново и подпишите' })
        .waitFor();
      // The panel reloaded the application; signing again signs the new one.
      await dialog.getByRole('button', { name: 'Подписать' }).click();
      await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
      await p.getByTestId('verification-panel').filter({ hasText: 'Компания подтверждена' }).waitFor();
      const company = await companyOf(email);
      const docs = await stack.backend.db
        .select()
        .from(verificationDocuments)
        .where(eq(verificationDocuments.companyId, company.id));
      const signed = docs.filter((d) => d.status === 'SIGNED');
      expect(signed).toHaveLength(1);
      expect(docs.some((d) => d.status === 'SUPERSEDED')).toBe(true);
      expect(handle.signatures.map((x) => x.contentSha256)).toEqual([
        expect.not.stringMatching(signed[0].sha256),
        signed[0].sha256,
      ]);
      expect(company.verifiedAt).toBeTruthy();
    });
  });

  it('where the payment agent requires signatures, the agent signs its offer documents in its modal and the client signs them before confirming', async () => {
    // Setup through the backend (the deal flow itself is covered by deal-flow.test.ts): a request of ООО «ВЭД Трейд»,
    // the offer of «Бета Трансфер» (signRequired) accepted.
    const b = stack.backend;
    const { c: clientGql } = await signIn(stack.url, 'client@example.com', 'CLIENT');
    const { companyId: betaId } = await signIn(stack.url, 'partner2@example.com', 'PARTNER');
    const created = await clientGql.gql(
      `mutation ($input: OrderInput!) { createOrder(input: $input) { __typename ... on CreateOrderSuccess { order { id number } } } }`,
      { input: orderInput() },
    );
    const { id: orderGid, number } = created.data.createOrder.order;
    const orderId = Number(Buffer.from(orderGid, 'base64').toString().split(':')[1]);
    const oper = await userOf(b, 'operator@example.com');
    await runTransition(b.db, { action: 'OPER_TAKE', actor: oper, orderId, now: new Date() });
    await runTransition(b.db, {
      action: 'OPER_SEND_TO_PARTNERS',
      actor: oper,
      orderId,
      partnerIds: [betaId!],
      now: new Date(),
    });
    const p2 = await b.signedIn('partner2@example.com');
    expect((await p2.post(`/api/secured/partner/order/exch/${orderId}/take`)).statusCode).toBe(200);
    const offer = await p2.post(`/api/secured/partner/order/exch/${orderId}/offer/send`, {
      dealMethod: 'PROTECTED',
      paymentDateFrom: day(3),
      paymentDateTo: day(10),
      clientFeePercent: '1',
      additionalExpenses: [],
      exchangeRate: { course: '92.4' },
    });
    expect(offer.statusCode, offer.body).toBe(200);
    const [po] = await b.db
      .select({ id: partnerOrders.id, partnerSignRequired: partnerOrders.partnerSignRequired })
      .from(partnerOrders)
      .where(and(eq(partnerOrders.orderId, orderId), eq(partnerOrders.partnerCompanyId, betaId!)));
    expect(po.partnerSignRequired).toBe(true);
    const c = await b.signedIn('client@example.com');
    expect((await c.post(`/api/secured/client/order/exch/${orderId}/offers/${po.id}/accept`, {})).statusCode).toBe(200);
    // The payment agent signs its uploaded contract in its own request modal (partnerSignRequired: no plain
    // confirmation, 'Отправить документы' waits for the signature), then sends it.
    const content = pdf('Договор с Бета Трансфер (e2e)');
    const agentCert = pki.issue({
      kind: 'LEGAL_ENTITY',
      ogrn: '1187746414096',
      inn: '9705119964',
      surname: 'Соколова',
      givenName: 'Елена Викторовна',
      organization: 'ООО «Бета Трансфер»',
      algorithm: 'RSA',
    });
    const { page: ap, handle: agentPlugin } = await openPage('agent-deal', {
      mode: 'ready',
      certificates: [agentCert],
    });
    await signInUi(ap, 'partner', 'partner2@example.com');
    await ap.goto(`/partner/${orderId}`);
    const agentModal = ap.getByTestId('partner-order-modal');
    await agentModal.waitFor();
    await agentModal.getByRole('tab', { name: 'Документы', exact: true }).click();
    await agentModal
      .getByLabel('Загрузить документы')
      .setInputFiles({ name: 'Договор.pdf', mimeType: 'application/pdf', buffer: content });
    await agentModal.getByRole('list', { name: 'Документы предложения' }).getByText('Договор.pdf').waitFor();
    await expect(agentModal.getByRole('button', { name: 'Подтвердить документы' }).count()).resolves.toBe(0);
    await expect(agentModal.getByRole('button', { name: 'Отправить документы' }).isDisabled()).resolves.toBe(true);
    await agentModal.getByRole('button', { name: 'Подписать документы' }).click();
    const agentDialog = ap.getByRole('dialog', { name: 'Подписание документов' });
    await agentDialog.waitFor();
    await chooseCertificate(agentDialog, /ООО «Бета Трансфер» · Соколова/);
    await agentDialog.getByRole('button', { name: 'Подписать' }).click();
    await agentDialog.waitFor({ state: 'hidden', timeout: 30_000 });
    await agentModal.getByText('Подписан агентом').waitFor();
    await agentModal.getByRole('button', { name: 'Отправить документы' }).click();
    await ap.getByTestId('partner-order-status').and(ap.locator('[data-status="SEND_OFFER_DOCS"]')).waitFor();
    expect(agentPlugin.signatures).toEqual([
      { thumbprint: agentCert.thumbprint, contentSha256: createHash('sha256').update(content).digest('hex') },
    ]);
    const [agentDoc] = await b.db
      .select()
      .from(dealDocuments)
      .where(and(eq(dealDocuments.orderId, orderId), eq(dealDocuments.kind, 'OFFER_DOCS')));
    const docId = agentDoc.id;
    expect(agentDoc.agentSignerName).toContain('Соколова');

    const clientCert = companyCertificate(
      { ogrn: '1177746126040', inn: '7707393126', shortName: 'ООО «ВЭД Трейд»' },
      { surname: 'Смирнов' },
    );
    const { page: p, handle } = await openPage('client-deal', { mode: 'ready', certificates: [clientCert] });
    await signInUi(p, 'client', 'client@example.com');
    await p.goto(`/client/fea/${orderId}`);
    const modal = p.getByRole('dialog', { name: `Заявка № ${number}` });
    await modal.waitFor();
    await modal.getByRole('tab', { name: 'Документы', exact: true }).click();
    await expect(modal.getByRole('button', { name: 'Подтвердить документы' }).count()).resolves.toBe(0);
    await modal.getByRole('button', { name: 'Подписать документы' }).click();
    const dialog = p.getByRole('dialog', { name: 'Подписание документов' });
    await dialog.waitFor();
    await expect(dialog.getByRole('list', { name: 'Документы для подписи' }).textContent()).resolves.toContain(
      'Договор.pdf',
    );
    await chooseCertificate(dialog, /ООО «ВЭД Трейд» · Смирнов/);
    await dialog.getByRole('button', { name: 'Подписать' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
    await modal.getByText('Документы подтверждены. Агент готовит счёт на оплату.').waitFor();

    // Signed over the exact bytes the agent uploaded, then confirmed (spec core §4 step 5).
    expect(handle.signatures).toEqual([
      { thumbprint: clientCert.thumbprint, contentSha256: createHash('sha256').update(content).digest('hex') },
    ]);
    const [row] = await b.db.select().from(dealDocuments).where(eq(dealDocuments.id, docId));
    expect(row.status).toBe('CONFIRMED');
    expect(row.clientSignerName).toContain('Смирнов');

    // The 'Документы' page lists it with both qualified signatures.
    await p.goto('/client/documents');
    const item = p
      .getByTestId('company-document')
      .filter({ hasText: `Заявка № ${number}` })
      .first();
    await item.waitFor();
    await expect(item.getAttribute('data-kind')).resolves.toBe('OFFER_DOCS');
    await expect(
      item.getByTestId('signature-details').evaluateAll((els) => els.map((e) => e.getAttribute('data-qualified'))),
    ).resolves.toEqual(['true', 'true']);
  });
});

/** Picks the certificate whose radio is named by `name` (a click on its label, as a user does) and checks it took. */
async function chooseCertificate(dialog: Locator, name: RegExp): Promise<void> {
  await dialog.getByTestId('certificate-option').filter({ hasText: name }).locator('label').first().click();
  await expect(dialog.getByRole('radio', { name }).isChecked()).resolves.toBe(true);
}

/**
 * Adds a bank requisite on the 'Моя компания' requisites tab through the BIK picker (accessible names of the
 * 'Моя компания' section in web/README.md): the directory fills the bank and the correspondent account.
 */
async function addRequisiteUi(p: Page, bik: string, account: string): Promise<void> {
  await p.waitForURL(/tab=requisites/);
  await p.getByRole('button', { name: 'Добавить реквизиты' }).click();
  const dialog = p.getByRole('dialog', { name: 'Добавить реквизиты' });
  await dialog.waitFor();
  await dialog.getByLabel('БИК').fill(bik);
  await expect.poll(() => dialog.getByLabel('Банк', { exact: true }).inputValue()).toMatch(/СБЕРБАНК/i);
  await expect(dialog.getByLabel('Корреспондентский счёт').inputValue()).resolves.toMatch(/^\d{20}$/);
  await dialog.getByLabel('Расчётный счёт').fill(account);
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await p.getByTestId('bank-requisite').filter({ hasText: account }).waitFor();
}
