import { describeAuditTrailConformance } from '@orkeon/testing/conformance';
import * as vitest from 'vitest';
import { InMemoryAuditTrail } from '../../src/audit/in-memory-audit-trail.js';

// In memory nothing outlives the trail: the fixture offers no reopen, so the suite reads the same trail back.
describeAuditTrailConformance(vitest, 'InMemoryAuditTrail', async () => ({
  trail: new InMemoryAuditTrail(),
  dispose: async () => undefined,
}));
