/**
 * Imports a tool family's package from the `orkeon` package, which depends on every
 * family package, so they resolve from here wherever npm placed them.
 */
export const importToolFamilyPackage = (packageName: string): Promise<unknown> => import(packageName);
