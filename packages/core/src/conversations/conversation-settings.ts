import { z } from 'zod';
import { defineSettingsSection, type SectionSettings } from '../config/settings-section.js';

/** `Svc:Conversations`: how much of a thread an agent sees, and what happens to the rest. */
export const conversationSettings = defineSettingsSection(
  'Svc:Conversations',
  z.object({
    MaxTokens: z
      .int()
      .min(0)
      .default(8000)
      .describe(
        'The most tokens of earlier turns an agent sees on a thread (estimated: 4 characters a token); older turns leave its context. 0: no limit.',
      ),
    Overflow: z
      .enum(['drop', 'summarize'])
      .default('drop')
      .describe(
        'What becomes of turns that leave the context: drop (they stay readable in the thread, the agent no longer sees them) or summarize (the agent’s model folds them into a running summary the agent sees first).',
      ),
  }),
  {
    description: 'Conversations: runtime.run(agent, input, { thread }) continues a thread kept in the document store.',
  },
);

export type ConversationSettings = SectionSettings<typeof conversationSettings>;
