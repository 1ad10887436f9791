import { useEffect, useState } from 'preact/hooks';
import { api, type SettingsEntryView } from './api';

/** The settings Studio's runtime was built from, with where each came from; secrets show as [REDACTED]. */
export function SettingsView() {
  const [state, setState] = useState<{ sources: string[]; settings: SettingsEntryView[] } | undefined>();
  useEffect(() => {
    api
      .settings()
      .then(setState)
      .catch(() => {});
  }, []);
  if (state === undefined) return <p class="hint">Loading…</p>;
  return (
    <section aria-label="Settings">
      <h2>Settings</h2>
      <p class="hint">
        Read from: {state.sources.join(', ') || 'defaults only'}. Keys not listed have their defaults
        (docs/configuration.md).
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">key</th>
            <th scope="col">value</th>
            <th scope="col">from</th>
          </tr>
        </thead>
        <tbody>
          {state.settings.map((entry) => (
            <tr key={entry.key}>
              <td>
                <code>{entry.key}</code>
              </td>
              <td>
                <code>{typeof entry.value === 'string' ? entry.value : JSON.stringify(entry.value)}</code>
              </td>
              <td>{entry.origin}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
