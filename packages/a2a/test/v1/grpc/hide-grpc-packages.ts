// Loaded with --import: the gRPC binding's optional packages cannot be found, as on a host that did not install them.
import module from 'node:module';

const hidden = ['@grpc/grpc-js', '@bufbuild/protobuf', '@a2a-js/sdk'];

module.registerHooks({
  resolve(specifier, context, nextResolve) {
    if (hidden.some((name) => specifier === name || specifier.startsWith(`${name}/`))) {
      const error = new Error(`Cannot find package '${specifier}'`) as NodeJS.ErrnoException;
      error.code = 'ERR_MODULE_NOT_FOUND';
      throw error;
    }
    return nextResolve(specifier, context);
  },
});
