// @vitest-environment jsdom
/** The analytics guest flag follows the viewer in the Relay store (spec chat-and-shell §1, §4). */
import { act, renderHook } from '@testing-library/react';
import { createOperationDescriptor, getRequest } from 'relay-runtime';
import { createMockEnvironment } from 'relay-test-utils';
import { describe, expect, it, vi } from 'vitest';
import { useAnalyticsGuestFlag, viewerQuery } from './guestFlag';

describe('useAnalyticsGuestFlag', () => {
  it('nothing before the viewer is loaded; then signed in → not a guest; signed out → a guest', () => {
    const environment = createMockEnvironment();
    const setGuest = vi.fn();
    renderHook(() => useAnalyticsGuestFlag(environment, setGuest));
    expect(setGuest).not.toHaveBeenCalled();
    const operation = createOperationDescriptor(getRequest(viewerQuery), {});
    act(() => {
      environment.commitPayload(operation, { viewer: { id: 'Vmlld2VyOjE=', email: 'client@example.com' } });
    });
    expect(setGuest).toHaveBeenLastCalledWith(false);
    act(() => {
      environment.commitPayload(operation, { viewer: null });
    });
    expect(setGuest).toHaveBeenLastCalledWith(true);
    expect(environment.mock.getAllOperations()).toHaveLength(0); // no request of its own
  });
});
