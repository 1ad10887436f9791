import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';

/** A task forbids personal data in its answer and no DLP detector is there to find it. */
export class OutputPiiUncheckedError extends OrkeonError<CoreErrorCode> {
  constructor(taskId: string) {
    super(
      'TASK_OUTPUT_PII_UNCHECKED',
      `Task '${taskId}' forbids personal data in its answer (outputValidation.forbiddenPii), and data-loss prevention is not enabled, so nothing can find it. Call addSvcDlp(services) from @orkeon/dlp (orkeon run: add "Svc": { "Dlp": {} } to appsettings.json), or remove the rule.`,
      { details: { taskId } },
    );
  }
}
