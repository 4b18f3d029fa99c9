// @vitest-environment jsdom
/**
 * The consent banner on 'Моя компания' (issue 11; spec core §3 "Client added by a partner": a company on the platform
 * is served by a partner only with its consent): a pending request is shown with the partner's name; 'Принять' sends
 * acceptReferralRequest with its id and the banner asks again; without requests nothing is rendered.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { MockPayloadGenerator, createMockEnvironment } from 'relay-test-utils';
import { describe, expect, it } from 'vitest';
import { answerOperations, successPayload } from '../../../testing/mockPayloads';
import { renderWithRelay } from '../../../testing/renderWithRelay';
import { ReferralRequestsBanner } from './ReferralRequestsBanner';

const REQUEST = {
  requestId: 5,
  partnerName: 'ИП Орлов Д. А.',
  partnerInn: '772012345670',
  requestedBy: 'Орлов Дмитрий',
  requestedAt: '2026-03-10T09:00:00.000Z',
};

describe('ReferralRequestsBanner (issue 11)', () => {
  it("shows a partner's request and accepts it", async () => {
    const environment = createMockEnvironment();
    let asked = 0;
    answerOperations(environment, (op) =>
      op.request.node.params.name === 'ReferralRequestsBannerQuery'
        ? (asked++,
          MockPayloadGenerator.generate(op, {
            Viewer: () => ({ id: 'VXNlcjox', referralRequests: asked === 1 ? [REQUEST] : [] }),
          }))
        : null,
    );
    renderWithRelay(<ReferralRequestsBanner />, { environment, path: '/client/company' });
    const banner = await screen.findByTestId('referral-request');
    expect(banner.textContent).toContain('Партнёр ИП Орлов Д. А. просит обслуживать вашу компанию');
    fireEvent.click(screen.getByRole('button', { name: 'Принять' }));
    const op = await waitFor(() => {
      const o = environment.mock.getMostRecentOperation();
      if (o.request.node.params.name !== 'ReferralRequestsBannerAcceptMutation') throw new Error('no mutation yet');
      return o;
    });
    expect(op.request.variables).toEqual({ requestId: 5 });
    act(() =>
      environment.mock.resolve(op, successPayload(op, 'acceptReferralRequest', 'ReferralRequestAnswerSuccess')),
    );
    await waitFor(() => expect(screen.queryByTestId('referral-request')).toBeNull(), { timeout: 5000 });
  });
});
