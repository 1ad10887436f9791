import { defineSettingsSection, dlpActions, type SectionSettings } from '@orkeon/core';
import { z } from 'zod';

const actionWords = 'Allow, Mask, Block or Audit';

/** The action for one kind of personal data on one channel. */
function kindAction(kind: string) {
  return z.enum(dlpActions).optional().describe(`What to do with ${kind} (${actionWords}); default the channel's.`);
}

/** A channel's action per kind; a new schema each time, so that each channel's JSON Schema stands alone. */
function piiActionsSchema() {
  return z
    .object({
      Email: kindAction('e-mail addresses'),
      Phone: kindAction('phone numbers'),
      Ssn: kindAction('US social security numbers'),
      CreditCard: kindAction('credit card numbers'),
      Iban: kindAction('IBANs'),
      Passport: kindAction('passport numbers'),
      IpAddress: kindAction('IP addresses'),
    })
    .default({})
    .describe('The action per kind of personal data; a kind left out takes the channel’s DefaultAction.');
}

function channelPolicySchema(channel: string, what: string) {
  return z
    .object({
      Enabled: z.boolean().default(true).describe(`false lets ${what} pass unread, whatever the actions say.`),
      DefaultAction: z
        .enum(dlpActions)
        .optional()
        .describe(`What to do with the kinds PiiActions leaves out (${actionWords}); default Svc:Dlp:DefaultAction.`),
      PiiActions: piiActionsSchema(),
    })
    .optional()
    .describe(`The policy of the ${channel} channel: ${what}.`);
}

/** `Svc:Dlp`: data-loss prevention (reference brief §11, item 4). */
export const dlpSettings = defineSettingsSection(
  'Svc:Dlp',
  z.object({
    Enabled: z
      .boolean()
      .default(true)
      .describe(
        'Whether addSvcDlp registers the PII detector, the channel policies and the interceptors; false leaves data-loss prevention off.',
      ),
    DefaultAction: z
      .enum(dlpActions)
      .default('Audit')
      .describe(
        `What every channel does with a kind its policy does not name (${actionWords}). The highest action among the kinds found wins, in the order Allow < Mask < Block < Audit.`,
      ),
    ApplyInPipeline: z
      .boolean()
      .default(false)
      .describe(
        'true applies the channel policies by themselves: tool results, delegation hand-overs, the runtime’s log records, memories written and A2A and MCP answers. false (the default) leaves the interceptors for the host to call.',
      ),
    ChannelPolicies: z
      .object({
        ToolOutput: channelPolicySchema('ToolOutput', 'the text of tool results'),
        Delegation: channelPolicySchema('Delegation', 'what an agent hands a coworker and what the coworker answers'),
        Log: channelPolicySchema('Log', 'the messages and text fields of the runtime’s log records'),
        Memory: channelPolicySchema('Memory', 'the content of memories written to a memory store'),
        ExternalOutput: channelPolicySchema(
          'ExternalOutput',
          'the answers of the A2A server and of the MCP server’s tools',
        ),
      })
      .default({})
      .describe('A policy per channel; a channel left out has every kind at DefaultAction.'),
  }),
  {
    description:
      'Data-loss prevention (@orkeon/dlp, experimental): the PII detector, a policy per channel (tool output, delegation, log, memory, external output) and the interceptors that apply it.',
  },
);

export type DlpSettings = SectionSettings<typeof dlpSettings>;
