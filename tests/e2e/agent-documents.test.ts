/**
 * Documents and acts signed by both sides, end to end in headless Chromium (issue 11; spec core §2 "Agent area"
 * /agent/documents, §3 "Referral partner: documents/acts", §8 "Signature"; chat-and-shell §4 "Signing flow"): the
 * operator uploads an act to agent@example.com on the partner card (issue 10 UI); the partner signs it in
 * /agent/documents with the fake CryptoPro plug-in (tests/support/fake-cades-plugin.ts) and his company's certificate;
 * the operator signs it on the card with the platform organisation's certificate (PLATFORM_OGRN / PLATFORM_INN); both
 * see 'Подписан обеими сторонами'. `WEB_DIST` may point at another build of the web app (default web/dist).
 */
import { eq } from 'drizzle-orm';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLATFORM } from '../../backend/src/config.js';
import { companies, users } from '../../backend/src/db/schema/core.js';
import { launchBrowser, RolePages } from '../support/browser.js';
import { createTestPki } from '../support/certificates.js';
import { DEMO_PASSWORD } from '../support/deal.js';
import { installFakeCadesPlugin } from '../support/fake-cades-plugin.js';
import { startStack, type Stack } from '../support/stack.js';
import { pdfFile, signInOperatorUi } from '../support/ui.js';

const ACT = 'Акт за апрель';

/** Picks the certificate in the signature selection modal and signs; waits for the modal to close. */
async function signInModal(dialog: Locator, holder: RegExp): Promise<void> {
  await dialog.getByTestId('certificate-option').filter({ hasText: holder }).locator('label').first().click();
  await dialog.getByRole('button', { name: 'Подписать' }).click();
  await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
}

describe('a referral partner act signed by both sides in the browser (issue 11)', () => {
  const pki = createTestPki();
  let stack: Stack;
  let browser: Browser;
  let roles: RolePages;

  beforeAll(async () => {
    stack = await startStack({
      trustedCaDir: pki.dir,
      ...(process.env.WEB_DIST ? { webDist: process.env.WEB_DIST } : {}),
    });
    browser = await launchBrowser();
    roles = new RolePages(browser, stack.url);
  });
  afterEach((ctx) => roles?.afterFailure('agent-documents', ctx));
  afterAll(async () => {
    await roles?.close();
    await browser?.close();
    await stack?.close();
  });

  it("the operator uploads an act, the partner and then the operator sign it; both see 'Подписан обеими сторонами'", async () => {
    const [partner] = await stack.backend.db
      .select({ id: companies.id, ogrn: companies.ogrn, inn: companies.inn })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.email, 'agent@example.com'));
    const agentCert = pki.issue({
      kind: 'SOLE_PROPRIETOR',
      ogrn: partner.ogrn,
      inn: partner.inn,
      surname: 'Орлов',
      givenName: 'Дмитрий Андреевич',
      algorithm: 'RSA',
      issuer: 'INTERMEDIATE',
    });
    const platformCert = pki.issue({
      kind: 'LEGAL_ENTITY',
      ...DEFAULT_PLATFORM,
      organization: 'ООО «Платформа»',
      surname: 'Кузнецова',
      givenName: 'Анна Игоревна',
      algorithm: 'RSA',
      issuer: 'INTERMEDIATE',
    });

    // The operator (with the fake plug-in holding the platform's certificate) uploads the act on the partner card.
    const operator = await roles.open('operator');
    const operatorPlugin = await installFakeCadesPlugin(operator, { mode: 'ready', certificates: [platformCert] });
    await signInOperatorUi(operator);
    await operator.goto(`/operator/partners/${partner.id}/edit`);
    const upload = operator.getByRole('form', { name: 'Загрузить' });
    await upload.getByLabel('Тип').selectOption('ACT');
    await upload.getByLabel('Название').fill(ACT);
    await upload.getByLabel('Файл (до 50 МБ)').setInputFiles(pdfFile('act-april.pdf'));
    await upload.getByRole('button', { name: 'Загрузить' }).click();
    const operatorRow = operator
      .getByRole('table', { name: 'Документы и акты' })
      .getByRole('row')
      .filter({ hasText: ACT });
    await operatorRow.getByTestId('document-status').filter({ hasText: 'Ожидает подписи партнёра' }).waitFor();

    // The partner signs it in /agent/documents with his company's certificate.
    const agent: Page = await roles.open('agent');
    const agentPlugin = await installFakeCadesPlugin(agent, { mode: 'ready', certificates: [agentCert] });
    await agent.goto('/agent/auth');
    await agent.getByLabel('Электронная почта').fill('agent@example.com');
    await agent.getByRole('button', { name: 'Продолжить' }).click();
    await agent.getByLabel('Пароль', { exact: true }).fill(DEMO_PASSWORD);
    await agent.getByRole('button', { name: 'Войти' }).click();
    await agent.waitForURL(/\/agent\/fea/);
    await agent.goto('/agent/documents');
    await agent.getByRole('heading', { level: 1, name: 'Документы и акты' }).waitFor();
    const agentRow = agent.getByTestId('agent-document').filter({ hasText: ACT });
    await agentRow.getByTestId('document-status').filter({ hasText: 'Ожидает подписи партнёра' }).waitFor();
    await agentRow.getByRole('button', { name: `Подписать: ${ACT}` }).click();
    await signInModal(agent.getByRole('dialog', { name: `Подписание документа «${ACT}»` }), /Орлов Дмитрий Андреевич/);
    await agentRow.getByTestId('document-status').filter({ hasText: 'Ожидает подписи оператора' }).waitFor();
    expect(agentPlugin.signatures).toHaveLength(1);
    expect(agentPlugin.signatures[0].thumbprint).toBe(agentCert.thumbprint);

    // The operator signs it for the platform on the card.
    await operator.reload();
    await operatorRow.getByTestId('document-status').filter({ hasText: 'Ожидает подписи оператора' }).waitFor();
    await operatorRow.getByRole('button', { name: `Подписать: ${ACT}` }).click();
    await signInModal(
      operator.getByRole('dialog', { name: `Подписание документа «${ACT}»` }),
      /Кузнецова Анна Игоревна/,
    );
    await operatorRow.getByTestId('document-status').filter({ hasText: 'Подписан обеими сторонами' }).waitFor();
    await operatorRow.getByText(/Орлов Дмитрий Андреевич/).waitFor();
    expect(operatorPlugin.signatures).toHaveLength(1);
    expect(operatorPlugin.signatures[0].contentSha256).toBe(agentPlugin.signatures[0].contentSha256);

    // The partner sees it signed by both sides, with the operator's signer.
    await agent.reload();
    await agentRow.getByTestId('document-status').filter({ hasText: 'Подписан обеими сторонами' }).waitFor();
    await agentRow.getByText(/Кузнецова Анна Игоревна/).waitFor();
    await expect(agentRow.getByRole('button', { name: `Подписать: ${ACT}` }).count()).resolves.toBe(0);
    expect(roles.logs).toEqual([]);
  });
});
