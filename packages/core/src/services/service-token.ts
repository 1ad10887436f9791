/**
 * A typed key for a service. The name is what error messages show; two tokens with
 * the same name are still different services.
 */
export interface ServiceToken<T> {
  readonly name: string;
  /** Carries the service type; never set at run time. */
  readonly __type?: T;
}

export function serviceToken<T>(name: string): ServiceToken<T> {
  return Object.freeze({ name });
}
