// Loaded with `--import` before the command: records the URL of every module the
// process loads and writes them, one a line, to $ORKEON_LOADED_MODULES when it exits.
import { writeFileSync } from 'node:fs';
import module from 'node:module';

const output = process.env.ORKEON_LOADED_MODULES;
if (output === undefined) throw new Error('Set ORKEON_LOADED_MODULES to the file that receives the module list.');
const loaded: string[] = [];
module.registerHooks({
  load(url, context, nextLoad) {
    loaded.push(url);
    return nextLoad(url, context);
  },
});
process.on('exit', () => writeFileSync(output, loaded.join('\n')));
