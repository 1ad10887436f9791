import { useState } from 'preact/hooks';
import type { StudioCrewInfo } from './api';

/** Chooses a crew, fills its `{KEY}` variables, and starts it. */
export function StartForm(props: {
  crews: readonly StudioCrewInfo[];
  onStart: (crew: string, variables: Record<string, string>) => Promise<void>;
}) {
  const [crewName, setCrewName] = useState(props.crews[0]?.name ?? '');
  const [values, setValues] = useState<Record<string, string>>({});
  const [starting, setStarting] = useState(false);
  const crew = props.crews.find((item) => item.name === crewName);
  return (
    <form
      class="start"
      aria-label="Start a run"
      onSubmit={async (event) => {
        event.preventDefault();
        if (crew === undefined) return;
        setStarting(true);
        const variables = Object.fromEntries(crew.variables.map((name) => [name, values[name] ?? '']));
        await props.onStart(crew.name, variables).finally(() => setStarting(false));
      }}
    >
      <h2>Start a run</h2>
      <label>
        Crew
        <select value={crewName} onChange={(event) => setCrewName(event.currentTarget.value)}>
          {props.crews.map((item) => (
            <option key={item.name} value={item.name}>
              {item.name}
            </option>
          ))}
        </select>
      </label>
      {crew?.description === undefined ? null : <p class="description">{crew.description}</p>}
      {crew?.variables.map((name) => (
        <label key={name}>
          {name}
          <input
            name={name}
            required
            value={values[name] ?? ''}
            onInput={(event) => setValues({ ...values, [name]: event.currentTarget.value })}
          />
        </label>
      ))}
      <button type="submit" disabled={crew === undefined || starting}>
        Start
      </button>
    </form>
  );
}
