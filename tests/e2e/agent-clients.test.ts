/**
 * The referral partner's clients end to end in headless Chromium (issue 11; spec core §2 "/agent/clients",
 * "clients/{ogrn} (empty layout; …otherwise page not found)", §3 "Client added by a partner", §5 client approval):
 * agent@example.com signs in at /agent/auth, adds «Техноимпорт» by OGRN in the wizard (registry data, contact and
 * estimates with the registration's pickers, the approval checkbox), the client sets his password by the invitation
 * link (and the link becomes ACTIVE), the partner sees him in the list with the verification share and opens the card;
 * a malformed OGRN address is the not-found page. `WEB_DIST` may point at another build of the web app.
 */
import { describe, expect, it } from 'vitest';
import { addClientInWizardUi, clientSetsPasswordUi, useAgentUi } from '../support/agent.js';

describe('the referral partner adds a client in the browser (issue 11)', () => {
  const ui = useAgentUi('agent-clients');

  it('adds a client by OGRN in the wizard; the invitation sets his password; the partner sees him and opens the card', async () => {
    const { stack, roles, page: agent } = ui;
    await agent.getByRole('navigation').getByRole('link', { name: 'Клиенты' }).click();
    await agent.waitForURL(/\/agent\/clients$/);
    await agent.getByRole('heading', { level: 1, name: 'Клиенты' }).waitFor();
    await expect
      .poll(() => agent.getByTestId('verification-share').textContent())
      .toBe('Верифицировано 1 из 1 (100 %)');

    await addClientInWizardUi(agent);
    await agent.getByRole('row', { name: 'ООО «Техноимпорт»' }).getByText('Приглашён').waitFor();

    // The client finishes the registration by the invitation link: the link becomes ACTIVE.
    await clientSetsPasswordUi(stack, roles);

    await agent.reload();
    const row = agent.getByRole('row', { name: 'ООО «Техноимпорт»' });
    await row.getByText('Активен').waitFor();
    await expect.poll(() => agent.getByTestId('verification-share').textContent()).toBe('Верифицировано 1 из 2 (50 %)');
    await row.click();
    await agent.waitForURL(/\/agent\/clients\/1197746123453$/);
    await agent.getByRole('heading', { level: 1, name: 'ООО «Техноимпорт»' }).waitFor();
    await agent.getByRole('link', { name: '← К списку клиентов' }).waitFor();
    expect(await agent.getByTestId('client-card-verified').textContent()).toBe('Не верифицирован');
    await agent.getByRole('button', { name: 'Удалить клиента' }).waitFor();
    expect(roles.logs).toEqual([]);
  });

  it('a client card address that is not 13 or 15 digits is the not-found page (spec core §5 Routes)', async () => {
    const agent = ui.page;
    await agent.goto('/agent/clients/12345');
    await agent.getByText('Page Not Found: /agent/clients/12345').waitFor();
  });
});
