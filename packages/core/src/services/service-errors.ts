import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';

/** A service was asked for and nothing registered it. */
export class ServiceNotRegisteredError extends OrkeonError<CoreErrorCode> {
  constructor(service: string, requestedBy: readonly string[]) {
    const chain = requestedBy.length === 0 ? '' : ` (needed by ${requestedBy.join(' → ')})`;
    super(
      'SERVICE_NOT_REGISTERED',
      `No service '${service}' is registered${chain}. Register it with services.addSingleton/addScoped/addTransient, or call the addSvc…() function of the subsystem that provides it.`,
      { details: { service, requestedBy } },
    );
  }
}

/** Services were wired in a way that cannot be resolved: a cycle, a scoped service outside a scope, a captive dependency, or use after disposal. */
export class ServiceResolutionError extends OrkeonError<CoreErrorCode> {
  constructor(message: string, service: string) {
    super('SERVICE_RESOLUTION_FAILED', message, { details: { service } });
  }
}
