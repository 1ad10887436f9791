import type { HubMessage } from '@orkeon/core';
import { describe, expect, it } from 'vitest';
import { inlineNotification, isOwnDelivered, originPrefix, readNotification } from '../src/hub-notification.js';

const message: HubMessage = {
  id: 'm-1',
  topic: 't',
  sourceCrewId: 'a',
  publishedAt: '2026-01-01T00:00:00.000Z',
  metadata: {},
  payload: { n: 1 },
  schemaId: 'application/json',
};

describe('hub notifications', () => {
  it("tells a hub's own publications and replies without parsing them, and not its mailbox notices or another hub's", () => {
    const mine = originPrefix('origin-a');
    for (const kind of ['p', 'r'] as const) {
      const inline = inlineNotification('origin-a', kind, message) ?? '';
      expect(readNotification(inline)).toMatchObject({ o: 'origin-a', k: kind });
      expect(isOwnDelivered(inline, mine)).toBe(true);
      expect(isOwnDelivered(JSON.stringify({ o: 'origin-a', k: kind, l: 'm-1' }), mine)).toBe(true);
      expect(isOwnDelivered(inlineNotification('origin-b', kind, message) ?? '', mine)).toBe(false);
    }
    expect(isOwnDelivered(JSON.stringify({ o: 'origin-a', k: 'm', b: 'crew://b' }), mine)).toBe(false);
    expect(isOwnDelivered(JSON.stringify({ o: 'origin-ab', k: 'p', m: message }), mine)).toBe(false);
  });
});
