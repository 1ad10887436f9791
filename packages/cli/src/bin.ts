#!/usr/bin/env node
import module from 'node:module';

// Node keeps the compiled code of our modules and commander on disk and reuses it on the next
// start: a few milliseconds of the ~50 ms `orkeon --version` takes. Without a writable cache it does nothing.
// start.js is imported after this line, so that its modules are compiled with the cache on.
module.enableCompileCache();
const argv = process.argv.slice(2);
if (argv.length === 1 && argv[0] === '--version') {
  // The call scripts make most: answered as the command line would, without loading it.
  const { cliVersion } = await import('./version.js');
  process.stdout.write(`${cliVersion}\n`);
} else {
  const { main } = await import('./start.js');
  await main(argv);
}
