/** Every error code of `@orkeon/monitoring`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const monitoringErrorCodes = {
  MONITORING_QUERY_INVALID:
    'A trace query asks for something impossible: a limit or count that is not a positive whole number, or a time range whose start is after its end. The message names the value; fix it and ask again.',
} as const;

export type MonitoringErrorCode = keyof typeof monitoringErrorCodes;
