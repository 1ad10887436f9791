import type { Configuration } from '../config/configuration.js';
import type { ServiceCollection } from '../services/service-collection.js';
import { PermissionGate, PermissionGateService } from './permission-gate.js';
import { permissionGateSettings } from './permission-gate-settings.js';

/**
 * Registers the permission gate when `Svc:Security:PermissionGate:Enabled` is true;
 * otherwise registers nothing, and no gate exists. A gate the host registered
 * itself is kept.
 */
export function addSvcPermissionGate(services: ServiceCollection, configuration: Configuration): ServiceCollection {
  const settings = configuration.get(permissionGateSettings);
  if (!settings.Enabled) return services;
  return services.tryAddSingleton(
    PermissionGateService,
    () => new PermissionGate({ defaultMode: settings.Mode, interactive: settings.Interactive }),
  );
}
