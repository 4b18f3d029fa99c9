// @vitest-environment jsdom
/**
 * The banner of a re-logged session in the client area (issue 11): shown only when someone acts for the client
 * (originalUser), with the client's name; 'Вернуться в кабинет партнёра' sends returnToReferralPartnerArea and loads
 * /agent/fea with a full navigation.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { MockPayloadGenerator, createMockEnvironment } from 'relay-test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerOperations, successPayload } from '../../../testing/mockPayloads';
import { renderWithRelay } from '../../../testing/renderWithRelay';
import { pageNavigation } from './mutations';
import { ReloginBanner } from './ReloginBanner';

function answerViewer(environment: ReturnType<typeof createMockEnvironment>, originalUser: object | null) {
  answerOperations(environment, (op) =>
    op.request.node.params.name === 'ReloginBannerQuery'
      ? MockPayloadGenerator.generate(op, {
          Viewer: () => ({ id: 'VXNlcjoy', originalUser, company: { shortName: 'ООО «ВЭД Трейд»' } }),
        })
      : null,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('ReloginBanner (issue 11)', () => {
  it('says whom the partner acts for and returns him to his area', async () => {
    const go = vi.spyOn(pageNavigation, 'go').mockImplementation(() => {});
    const environment = createMockEnvironment();
    answerViewer(environment, { email: 'agent@example.com', companyName: 'ИП Орлов Д. А.' });
    renderWithRelay(<ReloginBanner />, { environment, path: '/client/fea' });
    const banner = await screen.findByTestId('relogin-banner');
    expect(banner.textContent).toContain('Вы работаете от имени клиента «ООО «ВЭД Трейд»»');
    expect(banner.textContent).toContain('ИП Орлов Д. А.');
    fireEvent.click(screen.getByRole('button', { name: 'Вернуться в кабинет партнёра' }));
    const op = await waitFor(() => {
      const o = environment.mock.getMostRecentOperation();
      if (o.request.node.params.name !== 'mutationsReturnToReferralPartnerAreaMutation') throw new Error('not yet');
      return o;
    });
    act(() =>
      environment.mock.resolve(
        op,
        successPayload(op, 'returnToReferralPartnerArea', 'ReturnToReferralPartnerAreaSuccess'),
      ),
    );
    await waitFor(() => expect(go).toHaveBeenCalledWith('/agent/fea'));
  });

  it("renders nothing in the client's own session", async () => {
    const environment = createMockEnvironment();
    answerViewer(environment, null);
    const { container } = renderWithRelay(<ReloginBanner />, { environment, path: '/client/fea' });
    await waitFor(() => expect(environment.mock.getAllOperations()).toHaveLength(0));
    expect(screen.queryByTestId('relogin-banner')).toBeNull();
    expect(container.textContent).not.toContain('Вы работаете от имени клиента');
  });
});
