/** Every error code of `@orkeon/dlp`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const dlpErrorCodes = {
  DLP_POLICY_INVALID:
    'A DLP policy given in code names a channel, a kind of personal data or an action that does not exist, or reaches the interceptor of another channel: the message names the value and the allowed ones.',
} as const;

export type DlpErrorCode = keyof typeof dlpErrorCodes;
