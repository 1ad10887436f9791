// Joins what every `orkeon` start loads (main.js, the verbs' definitions, commander) into one
// file, packages/cli/dist/start.js, which bin.js imports: reading and linking some twenty
// modules costs more than the code in them (docs/benchmarks.md, start-up). The verbs'
// implementations stay where tsc put them and load with import() when a verb runs, so each
// module still exists once in a process. Runs after `tsc -b` in `npm run build`.
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const dist = fileURLToPath(new URL('../packages/cli/dist/', import.meta.url));
const outfile = resolve(dist, 'start.js');

/** Leaves each import() out of the bundle, its path rewritten to hold from start.js. */
const dynamicImportsStayOut = {
  name: 'dynamic-imports-stay-out',
  setup(bundle) {
    bundle.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind !== 'dynamic-import') return undefined;
      if (!args.path.startsWith('.')) return { path: args.path, external: true };
      const target = relative(dirname(outfile), resolve(args.resolveDir, args.path));
      return { path: `./${target}`, external: true };
    });
  },
};

await build({
  entryPoints: [resolve(dist, 'main.js')],
  outfile,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  // Our own packages load on first use from their installed copies; only commander joins the file.
  external: ['@orkeon/*'],
  sourcemap: true,
  logLevel: 'warning',
  plugins: [dynamicImportsStayOut],
});
