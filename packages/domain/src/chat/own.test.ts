/** spec chat §6 Support: "Messages of the current user are treated as own"; the support user 10762 (backend isOwnMessage). */
import { describe, expect, it } from 'vitest';
import { SUPPORT_USER_ID } from '../limits.js';
import { isOwnDto, isOwnFor } from './own.js';

const client = { userId: 7, isSupport: false };
const operator = { userId: 3, isSupport: true };
const otherOperator = { userId: 4, isSupport: true };

describe('own messages (chat §6)', () => {
  it("the viewer's own message is own in every group type", () => {
    for (const type of ['ECVP_CLIENT', 'ECVP_PARTNER_CLIENT', 'ECVP_PARTNER', 'ECVP_SUPPORT', null]) {
      expect(isOwnFor(7, type, client)).toBe(true);
      expect(isOwnFor(3, type, operator)).toBe(true);
      expect(isOwnFor(7, type, operator)).toBe(false);
    }
  });
  it('a desk message (10762 in a support chat) is own for every operator, whoever typed it, and never for the client', () => {
    expect(SUPPORT_USER_ID).toBe(10762);
    expect(isOwnFor(SUPPORT_USER_ID, 'ECVP_SUPPORT', operator)).toBe(true);
    expect(isOwnFor(SUPPORT_USER_ID, 'ECVP_SUPPORT', otherOperator)).toBe(true);
    expect(isOwnFor(SUPPORT_USER_ID, 'ECVP_SUPPORT', client)).toBe(false);
    // 10762 only writes in support chats; outside them the rule gives no special treatment (backend senderIdFor)
    expect(isOwnFor(SUPPORT_USER_ID, 'ECVP_CLIENT', operator)).toBe(false);
    // unknown group type (a forwarded message's source): 10762 can only have written in a support chat
    expect(isOwnFor(SUPPORT_USER_ID, null, operator)).toBe(true);
  });
  it("a DTO answered for the viewer carries the backend's verdict; without it, the sender decides", () => {
    expect(isOwnDto({ selfMsg: true, sender: { id: SUPPORT_USER_ID } }, 3)).toBe(true);
    expect(isOwnDto({ selfMsg: false, sender: { id: 3 } }, 3)).toBe(false);
    expect(isOwnDto({ sender: { id: 3 } }, 3)).toBe(true);
    expect(isOwnDto({ selfMsg: null, sender: { id: 9 } }, 3)).toBe(false);
    expect(isOwnDto({}, 3)).toBe(false);
  });
});
